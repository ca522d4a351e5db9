// What the four provider descriptors share: reading a response with the existing format parser of
// src/ingest/formats (so a response checked on schedule is read exactly as the same file imported by hand),
// the HTTP status rules of retries, and small request helpers.
import { parseFile, sourceFromBytes } from '../formats/index';
import type { SerpResultRecord } from '../records';
import type { ImportDocument, ParseContext, ProviderParse, Verdict } from './types';

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Parses an import document with the format it names, as the pipeline would. */
export async function parseDocument(doc: ImportDocument, ctx: ParseContext): Promise<ProviderParse> {
  const source = sourceFromBytes(doc.name, doc.bytes);
  const out: ProviderParse = { records: [], rejects: [], warnings: [] };
  for (const file of source.files) {
    for await (const batch of parseFile(file, {
      now: ctx.fetchedAt,
      market: ctx.market,
      format: doc.format,
    })) {
      for (const r of batch.records) if (r.kind === 'serp') out.records.push(r as SerpResultRecord);
      out.rejects.push(...batch.rejects);
      out.warnings.push(...batch.warnings);
    }
  }
  return out;
}

/** The base URL without a trailing slash, and a path joined to it. */
export function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/u, '')}${path}`;
}

/** Parsed JSON, or null when the text is not JSON (an HTML error page from a proxy). */
export function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A string field of an object, when both exist. */
export function field(o: unknown, key: string): string | null {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return null;
  const v = (o as Record<string, unknown>)[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

/** The first 300 characters of a text on one line, for messages. */
export function excerpt(text: string): string {
  const one = text.replace(/\s+/gu, ' ').trim();
  return one.length > 300 ? `${one.slice(0, 300)}…` : one;
}

/**
 * The verdict on an HTTP status: 2xx is data; 408, 429 and 5xx are retried (the provider is busy or briefly
 * down); every other 4xx is reported at once with the provider's message (a wrong key, no credits left, a
 * bad parameter: repeating the request cannot help).
 */
export function statusVerdict(
  label: string,
  status: number,
  body: string,
  message: (body: string) => string | null,
): Verdict {
  if (status >= 200 && status < 300) return { ok: true };
  const said = message(body) ?? (excerpt(body) || 'no message');
  const retry = status === 408 || status === 429 || status >= 500;
  return { ok: false, retry, message: `${label} answered HTTP ${status}: ${said}` };
}
