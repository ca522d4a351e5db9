// Test helpers for the import parsers: parse a path or in-memory text to completion and collect what came
// out, and the path of the shared real-world samples. A ZIP archive given as bytes is saved to a temporary
// file and read as an upload (archives are unpacked from disk).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openPath, parseSource, sourceFromBytes, sourceFromSavedUpload } from '@ingest/formats/index';
import type { ImportOptions, ImportSource } from '@ingest/formats/index';
import type { Reject, Warning } from '@ingest/errors';
import type { IngestRecord, ParseBatch } from '@ingest/records';

/** `../shared/data` of the repository (tests run from the repository root). */
export const SHARED = resolve('..', 'shared', 'data');

/** A fixed "now" after every sample's dates. */
export const NOW = new Date('2026-11-22T12:00:00Z');

export interface Parsed {
  records: IngestRecord[];
  rejects: Reject[];
  warnings: Warning[];
  batches: number;
  rowsRead: number;
}

export function byKind<K extends IngestRecord['kind']>(
  p: Parsed,
  kind: K,
): Extract<IngestRecord, { kind: K }>[] {
  return p.records.filter((r): r is Extract<IngestRecord, { kind: K }> => r.kind === kind);
}

async function collect(batches: AsyncIterable<ParseBatch>): Promise<Parsed> {
  const out: Parsed = { records: [], rejects: [], warnings: [], batches: 0, rowsRead: 0 };
  for await (const b of batches) {
    out.batches++;
    for (const r of b.records) out.records.push(r);
    out.rejects.push(...b.rejects);
    out.warnings.push(...b.warnings);
    out.rowsRead = Math.max(out.rowsRead, b.rowsRead);
  }
  return out;
}

/** Parses a source to completion. */
export async function collectSource(
  source: ImportSource,
  options: Partial<ImportOptions> = {},
): Promise<Parsed> {
  return collect(parseSource(source, { now: NOW, ...options }));
}

export async function parsePath(path: string, options: Partial<ImportOptions> = {}): Promise<Parsed> {
  return collect(parseSource(await openPath(path), { now: NOW, ...options }));
}

export async function parseText(
  name: string,
  text: string | Uint8Array,
  options: Partial<ImportOptions> = {},
): Promise<Parsed> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b || /\.xlsx$/iu.test(name))
    return collect(parseSource(sourceFromBytes(name, bytes), { now: NOW, ...options }));
  const dir = mkdtempSync(join(tmpdir(), 'sightline-zip-'));
  try {
    const path = join(dir, 'upload');
    writeFileSync(path, bytes);
    const source = await sourceFromSavedUpload(name, path, bytes.length);
    return await collect(parseSource(source, { now: NOW, ...options }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lines of the rejects, in order. */
export function rejectLines(p: Parsed): (number | null)[] {
  return p.rejects.map((r) => r.line);
}
