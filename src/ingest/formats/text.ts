// Bytes → text for every importer: strips a UTF-8 byte-order mark, reads UTF-16 (with a BOM, or recognised
// by its zero bytes) and says so in a warning, and stops with one clear reject on what is not text: invalid
// UTF-8 (a Windows-1252 export, say), NUL bytes (a binary file), a ZIP archive (an Excel workbook). Decoding
// is streaming: chunks are decoded as they arrive, a character split across chunks is carried over.
import { isAscii } from 'node:buffer';
import type { Reject, WarningLog } from '../errors';

export type ByteSource = AsyncIterable<Uint8Array>;

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

export class TextReader {
  /** Bytes consumed so far (progress). */
  bytesRead = 0;
  /** Set when reading stopped on something that is not text; `line` is filled in by the caller. */
  error: Omit<Reject, 'line'> | null = null;
  /** True when the file had no bytes at all (or only a byte-order mark). */
  empty = true;

  constructor(
    private readonly file: string,
    private readonly source: ByteSource,
    private readonly warnings: WarningLog,
  ) {}

  /** Decoded text chunks; after the loop ends, check `error`. */
  async *chunks(): AsyncGenerator<string> {
    const it = this.source[Symbol.asyncIterator]();
    try {
      // Sniff the encoding from the first four bytes, however the source chunks them.
      let chunk: Uint8Array = new Uint8Array(0);
      while (chunk.length < 4) {
        const r = await it.next();
        if (r.done) break;
        this.bytesRead += r.value.length;
        chunk = concat(chunk, r.value);
      }
      if (chunk.length === 0) return;
      const sniffed = this.sniff(chunk);
      if (sniffed === null) return;
      const decoder = new TextDecoder(sniffed.encoding, { fatal: true });
      const utf8 = sniffed.encoding === 'utf-8';
      // The decoder holds the first bytes of a character split across chunks; and it drops a byte-order mark
      // only at the start of its first call, which must therefore come first.
      let pending = false;
      let started = false;
      chunk = chunk.subarray(sniffed.skip);
      for (;;) {
        const nul = utf8 ? chunk.indexOf(0) : -1;
        if (nul >= 0) {
          yield* this.stopAt(decoder, chunk, nul);
          return;
        }
        let text: string;
        if (utf8 && started && !pending && isAscii(chunk)) {
          // ASCII is its own Latin-1: a copy, over ten times faster than the UTF-8 decoder.
          text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
        } else {
          try {
            text = decoder.decode(chunk, { stream: true });
          } catch {
            yield* this.stopAt(decoder, chunk, -1);
            return;
          }
          started = true;
          pending = utf8 && endsInsideCharacter(chunk);
        }
        if (text.length > 0) {
          this.empty = false;
          yield text;
        }
        const r = await it.next();
        if (r.done) break;
        this.bytesRead += r.value.length;
        chunk = r.value;
      }
      let rest: string;
      try {
        rest = decoder.decode();
      } catch {
        const name = decoder.encoding.toUpperCase();
        this.fail('encoding', `the file ends inside a ${name} character: it is truncated or not ${name}`);
        return;
      }
      if (rest.length > 0) {
        this.empty = false;
        yield rest;
      }
    } finally {
      await it.return?.();
    }
  }

  private sniff(head: Uint8Array): { encoding: Encoding; skip: number } | null {
    const [a, b, c, d] = [head[0], head[1], head[2], head[3]];
    if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', skip: 3 };
    if (a === 0xff && b === 0xfe) return this.utf16('utf-16le', 2, 'with a byte-order mark');
    if (a === 0xfe && b === 0xff) return this.utf16('utf-16be', 2, 'with a byte-order mark');
    if (a === 0x50 && b === 0x4b && c === 0x03 && d === 0x04) {
      this.fail('binary', 'the file is a ZIP archive (an Excel .xlsx workbook?), not text: export it as CSV');
      return null;
    }
    // UTF-16 without a BOM: ASCII text with a zero byte beside every character.
    if (head.length >= 4 && a !== 0 && b === 0 && c !== 0 && d === 0)
      return this.utf16('utf-16le', 0, 'without a byte-order mark');
    if (head.length >= 4 && a === 0 && b !== 0 && c === 0 && d !== 0)
      return this.utf16('utf-16be', 0, 'without a byte-order mark');
    return { encoding: 'utf-8', skip: 0 };
  }

  private utf16(encoding: Encoding, skip: number, how: string) {
    this.warnings.add('encoding', `the file is ${encoding.toUpperCase()} ${how}; it was read as such`);
    return { encoding, skip };
  }

  private fail(code: 'encoding' | 'binary', reason: string): void {
    this.error = { file: this.file, code, reason, fatal: true };
  }

  /** Yields the valid text before the bad byte (so the caller can count lines), then records the error. */
  private *stopAt(decoder: TextDecoder, chunk: Uint8Array, nulAt: number): Generator<string> {
    const lenient = new TextDecoder(decoder.encoding);
    let valid: string;
    if (nulAt >= 0) {
      valid = lenient.decode(chunk.subarray(0, nulAt));
    } else {
      const text = lenient.decode(chunk, { stream: true });
      const bad = text.indexOf('\uFFFD');
      valid = bad >= 0 ? text.slice(0, bad) : text;
    }
    if (valid.length > 0) {
      this.empty = false;
      yield valid;
    }
    if (nulAt >= 0) {
      this.fail('binary', 'the file contains NUL bytes: it is binary, not text');
      return;
    }
    const name = decoder.encoding.toUpperCase();
    const byte = firstInvalidByte(chunk).toString(16).padStart(2, '0').toUpperCase();
    this.fail(
      'encoding',
      `invalid ${name} (byte 0x${byte}): the file is in another encoding (Windows-1252 or Latin-1?); save it as UTF-8`,
    );
  }
}

/** True when `bytes` end with the start of a UTF-8 sequence whose continuation bytes are still to come. */
function endsInsideCharacter(bytes: Uint8Array): boolean {
  const n = bytes.length;
  for (let back = 1; back <= 4 && back <= n; back++) {
    const b = bytes[n - back]!;
    if ((b & 0xc0) === 0x80) continue;
    const len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return len > back;
  }
  return false;
}

/** The first byte that does not start or continue a valid UTF-8 sequence (for the error message). */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const len =
      b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len === 0) return b;
    for (let k = 1; k < len; k++) {
      const c = bytes[i + k];
      if (c === undefined) return b;
      if ((c & 0xc0) !== 0x80) return b;
    }
    i += len;
  }
  return bytes[bytes.length - 1] ?? 0;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Reads a whole source as text, capped at `maxBytes` (JSON documents). */
export async function readAllText(
  reader: TextReader,
  maxBytes: number,
): Promise<{ text: string } | { tooLarge: true }> {
  const parts: string[] = [];
  for await (const t of reader.chunks()) {
    parts.push(t);
    if (reader.bytesRead > maxBytes) return { tooLarge: true };
  }
  return { text: parts.join('') };
}
