// ZIP archives as import sources, read as streams (issue 27): the central directory is listed with yauzl, and
// an entry is inflated by node:zlib — on libuv's thread pool, off the event loop — only while a parser reads
// it, 64 KiB at a time, so an archive's memory does not grow with what it unpacks to. Every entry an
// import reads is counted against one limit of bytes actually unpacked (UnzipBudget): a zip bomb is refused
// after at most that many bytes, whatever its headers claim (yauzl also refuses an entry that unpacks to more
// than its header says).
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { openPromise } from 'yauzl';
import type { Entry, Options, ZipFile } from 'yauzl';
import { InputError } from '../errors';
import type { ImportSource, InputFile } from './input';

/** Default of SIGHTLINE_UNZIP_LIMIT_MB: most bytes (MiB) one import may unpack from its archives. */
export const DEFAULT_UNZIP_LIMIT_MB = 1024;
/**
 * Bytes the server's imports read at a time: an archive entry's reader hands on this much (the inflater's
 * own chunks are 16 KiB), and a saved upload is read in such chunks. Parsing one chunk holds the event loop:
 * 64 KiB of CSV takes a few milliseconds, where 1 MiB chunks held it up to 200–400 ms (measured on 2 busy
 * cores) and read no faster, for the larger strings' garbage collection.
 */
export const STREAM_CHUNK = 64 * 1024;
const OPTIONS: Options = { autoClose: false, validateEntrySizes: true };

/** Opens the archive anew (each entry read opens its own, so that no handle outlives a read). */
type OpenArchive = () => Promise<ZipFile>;

/** A ZIP archive on disk. */
export function zipFromPath(name: string, path: string): Promise<ImportSource> {
  return zipSource(name, () => openPromise(path, OPTIONS));
}

/** Lists the archive's files (no folders, macOS resource forks or hidden files), sorted by name. */
async function zipSource(name: string, open: OpenArchive): Promise<ImportSource> {
  const entries: Entry[] = [];
  let zip: ZipFile | null = null;
  try {
    zip = await open();
    for await (const entry of zip.eachEntry()) {
      const path = entry.fileName;
      if (path.endsWith('/') || path.startsWith('__MACOSX/') || basename(path).startsWith('.')) continue;
      entries.push(entry);
    }
  } catch (e) {
    return {
      name,
      kind: 'zip',
      files: [],
      problem: { file: name, line: null, code: 'unreadable', reason: cannotRead(e), fatal: true },
    };
  } finally {
    zip?.close();
  }
  entries.sort((a, b) => a.fileName.localeCompare(b.fileName));
  const files = entries.map((entry): InputFile => ({
    name: `${name}/${entry.fileName}`,
    size: entry.uncompressedSize,
    open: () => entryBytes(`${name}/${entry.fileName}`, entry, open),
  }));
  return { name, kind: 'zip', files, problem: null };
}

function cannotRead(e: unknown): string {
  return `the ZIP archive cannot be read: ${e instanceof Error ? e.message : String(e)}`;
}

/** The unpacked bytes of one entry in chunks of STREAM_CHUNK bytes; the inflater stops when the reader stops. */
async function* entryBytes(file: string, entry: Entry, open: OpenArchive): AsyncGenerator<Uint8Array> {
  let zip: ZipFile | null = null;
  let stream: Readable | null = null;
  const unreadable = (e: unknown) =>
    new InputError({ file, line: null, code: 'unreadable', reason: cannotRead(e), fatal: true });
  try {
    try {
      zip = await open();
      stream = await zip.openReadStreamPromise(entry);
    } catch (e) {
      throw unreadable(e);
    }
    const parts: Buffer[] = [];
    let size = 0;
    const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    for (;;) {
      let r: IteratorResult<Buffer>;
      try {
        r = await it.next();
      } catch (e) {
        throw unreadable(e);
      }
      if (r.done) break;
      parts.push(r.value);
      size += r.value.length;
      if (size >= STREAM_CHUNK) {
        yield Buffer.concat(parts, size);
        parts.length = 0;
        size = 0;
      }
    }
    if (size > 0) yield Buffer.concat(parts, size);
  } finally {
    stream?.destroy();
    zip?.close();
  }
}

/** Megabytes for messages (binary megabytes, as the settings count them). */
function mb(bytes: number): string {
  return Math.round(bytes / 1048576).toLocaleString('en-GB');
}

/**
 * The bytes one import unpacks from its archives, all entries together, against the limit: an entry read past
 * it stops with a fatal `too-large` reject naming the file, the limit and the setting that raises it.
 */
export class UnzipBudget {
  private used = 0;

  constructor(readonly limitBytes: number) {}

  /** The entry with its reads counted (a second read of the same entry counts again). */
  watch(file: InputFile): InputFile {
    return { ...file, open: () => this.count(file.name, file.open()) };
  }

  private async *count(file: string, source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      this.used += chunk.length;
      if (this.used > this.limitBytes) {
        throw new InputError({
          file,
          line: null,
          code: 'too-large',
          reason:
            `the archive unpacks to more than the limit of ${mb(this.limitBytes)} MB for one import (all its ` +
            `archives together): import its files in smaller parts, or raise SIGHTLINE_UNZIP_LIMIT_MB on the server`,
          fatal: true,
        });
      }
      yield chunk;
    }
  }
}
