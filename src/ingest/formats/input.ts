// What an import reads: a file, a folder (a Search Console export unpacked) or a ZIP archive (the same
// export as downloaded), from a path (CLI) or from uploaded bytes (upload screen, API). A source is a list of
// files, each opened as a byte stream. ZIP archives are unpacked in memory with fflate, with caps on the
// archive size and on what it unpacks to (a zip bomb is refused, not inflated).
import { createReadStream } from 'node:fs';
import { readdir, stat, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Reject } from '../errors';
import type { ByteSource } from './text';

export interface InputFile {
  /** Name used in messages: the path given, or `archive.zip/Queries.csv`. */
  name: string;
  /** Size in bytes when known (progress bars). */
  size: number | null;
  /** Where the file is on disk, when it is (a path given to the CLI): a store may then read it itself. */
  path?: string;
  /** Opens the bytes; call once per parse. */
  open(): ByteSource;
}

export interface ImportSource {
  name: string;
  kind: 'file' | 'folder' | 'zip';
  files: InputFile[];
  /** Why the source could not be read (not found, corrupt archive …); `files` is then empty. */
  problem: Reject | null;
}

/** Largest ZIP archive read, and most it may unpack to (bytes). */
export const MAX_ZIP_BYTES = 256 * 1024 * 1024;
export const MAX_UNZIPPED_BYTES = 1024 * 1024 * 1024;
const CHUNK = 1024 * 1024;

/** True when the bytes start like a ZIP archive (`PK\x03\x04`, or `PK\x05\x06` for an empty one). */
export function isZip(head: Uint8Array): boolean {
  return (
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    (head[2] === 3 || head[2] === 5) &&
    (head[3] === 4 || head[3] === 6)
  );
}

/** Opens a path: a folder lists its files (not subfolders), a `.zip` is unpacked, anything else is one file. */
export async function openPath(path: string): Promise<ImportSource> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return failed(path, 'file', `cannot read ${path}: no such file or folder`);
  }
  if (info.isDirectory()) {
    const entries = (await readdir(path, { withFileTypes: true })).filter(
      (e) => e.isFile() && !e.name.startsWith('.'),
    );
    entries.sort((a, b) => a.name.localeCompare(b.name));
    const files = await Promise.all(
      entries.map(async (e) => {
        const full = join(path, e.name);
        return {
          name: full,
          path: full,
          size: (await stat(full)).size,
          open: () => createReadStream(full, { highWaterMark: CHUNK }),
        };
      }),
    );
    return { name: path, kind: 'folder', files, problem: null };
  }
  const head = await readHead(path);
  if (isZip(head) && !/\.xlsx$/iu.test(path)) {
    if (info.size > MAX_ZIP_BYTES)
      return failed(path, 'zip', `the archive is larger than ${MAX_ZIP_BYTES / 1048576} MiB`);
    return sourceFromZip(path, new Uint8Array(await readFile(path)));
  }
  return {
    name: path,
    kind: 'file',
    files: [
      { name: path, path, size: info.size, open: () => createReadStream(path, { highWaterMark: CHUNK }) },
    ],
    problem: null,
  };
}

/** A source from uploaded bytes: a ZIP archive is unpacked, anything else is one file. */
export function sourceFromBytes(name: string, bytes: Uint8Array): ImportSource {
  if (isZip(bytes) && !/\.xlsx$/iu.test(name)) {
    if (bytes.length > MAX_ZIP_BYTES)
      return failed(name, 'zip', `the archive is larger than ${MAX_ZIP_BYTES / 1048576} MiB`);
    return sourceFromZip(name, bytes);
  }
  return { name, kind: 'file', files: [bytesFile(name, bytes)], problem: null };
}

/** A one-file source over a stream that can be read once (an upload being received). */
export function sourceFromStream(name: string, stream: ByteSource, size: number | null = null): ImportSource {
  let used = false;
  return {
    name,
    kind: 'file',
    files: [
      {
        name,
        size,
        open: () => {
          if (used) throw new Error(`${name} can be read only once`);
          used = true;
          return stream;
        },
      },
    ],
    problem: null,
  };
}

/**
 * A source from an upload as it arrives: a ZIP archive (recognised by its first bytes) is buffered, up to
 * MAX_ZIP_BYTES, and unpacked; anything else stays a stream, read once by the parser.
 */
export async function sourceFromUpload(
  name: string,
  stream: ByteSource,
  size: number | null = null,
): Promise<ImportSource> {
  const it = stream[Symbol.asyncIterator]();
  const parts: Uint8Array[] = [];
  let total = 0;
  while (total < 4) {
    const r = await it.next();
    if (r.done) break;
    parts.push(r.value);
    total += r.value.length;
  }
  const head = concatAll(parts, total);
  if (!isZip(head) || /\.xlsx$/iu.test(name)) {
    async function* replay(): AsyncGenerator<Uint8Array> {
      yield* parts;
      for (;;) {
        const r = await it.next();
        if (r.done) return;
        yield r.value;
      }
    }
    return sourceFromStream(name, replay(), size);
  }
  for (;;) {
    const r = await it.next();
    if (r.done) break;
    parts.push(r.value);
    total += r.value.length;
    if (total > MAX_ZIP_BYTES) {
      await it.return?.();
      return failed(name, 'zip', `the archive is larger than ${MAX_ZIP_BYTES / 1048576} MiB`);
    }
  }
  return sourceFromZip(name, concatAll(parts, total));
}

function concatAll(parts: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

function sourceFromZip(name: string, bytes: Uint8Array): ImportSource {
  let total = 0;
  let tooBig = false;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (f.name.endsWith('/') || f.name.startsWith('__MACOSX/') || basename(f.name).startsWith('.'))
          return false;
        total += f.originalSize;
        if (total > MAX_UNZIPPED_BYTES) tooBig = true;
        return !tooBig;
      },
    });
  } catch (e) {
    return failed(
      name,
      'zip',
      `the ZIP archive cannot be read: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  if (tooBig)
    return failed(name, 'zip', `the archive unpacks to more than ${MAX_UNZIPPED_BYTES / 1048576} MiB`);
  const files = Object.keys(entries)
    .sort()
    .map((entry) => bytesFile(`${name}/${entry}`, entries[entry]!));
  return { name, kind: 'zip', files, problem: null };
}

function bytesFile(name: string, bytes: Uint8Array): InputFile {
  return {
    name,
    size: bytes.length,
    open: () => chunked(bytes),
  };
}

async function* chunked(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += CHUNK) yield bytes.subarray(i, Math.min(bytes.length, i + CHUNK));
}

async function readHead(path: string): Promise<Uint8Array> {
  const stream = createReadStream(path, { start: 0, end: 3 });
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return new Uint8Array(Buffer.concat(parts));
}

function failed(name: string, kind: ImportSource['kind'], reason: string): ImportSource {
  return {
    name,
    kind,
    files: [],
    problem: { file: name, line: null, code: 'unreadable', reason, fatal: true },
  };
}
