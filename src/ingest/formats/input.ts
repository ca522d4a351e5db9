// What an import reads: a file, a folder (a Search Console export unpacked) or a ZIP archive (the same
// export as downloaded), from a path (CLI) or from an upload saved to disk (upload screen, API). A source is a list of
// files, each opened as a byte stream. ZIP archives are unpacked as streams while they are read (zip.ts).
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Reject } from '../errors';
import type { ByteSource } from './text';
import { STREAM_CHUNK, zipFromPath } from './zip';

export interface InputFile {
  /** Name used in messages: the path given, or `archive.zip/Queries.csv`. */
  name: string;
  /** Size in bytes when known (progress bars). */
  size: number | null;
  /** Where the file is on disk, when it is (a path given to the CLI): a store may then read it itself. */
  path?: string;
  /** Opens the bytes; call once per parse, and end the iteration (or read to the end) to let go of them. */
  open(): ByteSource;
}

export interface ImportSource {
  name: string;
  kind: 'file' | 'folder' | 'zip';
  files: InputFile[];
  /** Why the source could not be read (not found, corrupt archive …); `files` is then empty. */
  problem: Reject | null;
}

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
  if (isZip(head) && !/\.xlsx$/iu.test(path)) return zipFromPath(path, path);
  return {
    name: path,
    kind: 'file',
    files: [
      { name: path, path, size: info.size, open: () => createReadStream(path, { highWaterMark: CHUNK }) },
    ],
    problem: null,
  };
}

/** A one-file source over bytes in memory (a provider's response), read as they are: never unpacked. */
export function sourceFromBytes(name: string, bytes: Uint8Array): ImportSource {
  return { name, kind: 'file', files: [bytesFile(name, bytes)], problem: null };
}

/**
 * A source from an upload saved to disk: a ZIP archive (recognised by its first bytes) is unpacked as it is
 * read, anything else is streamed once by the parser (never handed to a store as a path), in chunks small
 * enough to keep the server answering other requests meanwhile.
 */
export async function sourceFromSavedUpload(name: string, path: string, size: number): Promise<ImportSource> {
  const head = await readHead(path);
  if (isZip(head) && !/\.xlsx$/iu.test(name)) return zipFromPath(name, path);
  return sourceFromStream(name, createReadStream(path, { highWaterMark: STREAM_CHUNK }), size);
}

/** A one-file source over a stream that can be read once (an upload being received, a saved upload). */
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
