// Bytes to text: BOMs, UTF-16, invalid UTF-8, binary files and characters split across chunks.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WarningLog } from '../errors';
import { TextReader } from './text';

async function decode(parts: number[][] | Uint8Array[]) {
  const warnings = new WarningLog('f.csv');
  async function* source() {
    for (const p of parts) yield p instanceof Uint8Array ? p : new Uint8Array(p);
  }
  const reader = new TextReader('f.csv', source(), warnings);
  let text = '';
  for await (const t of reader.chunks()) text += t;
  return {
    text,
    error: reader.error,
    empty: reader.empty,
    warnings: warnings.drain(),
    bytes: reader.bytesRead,
  };
}

const utf8 = (s: string) => [...new TextEncoder().encode(s)];

describe('TextReader', () => {
  it('strips a UTF-8 BOM and keeps a character split across chunks', async () => {
    const bytes = [0xef, 0xbb, 0xbf, ...utf8('zł;é')];
    const r = await decode([bytes.slice(0, 2), bytes.slice(2, 5), bytes.slice(5, 6), bytes.slice(6)]);
    expect(r).toMatchObject({ text: 'zł;é', error: null, empty: false, bytes: bytes.length, warnings: [] });
  });

  it('reads UTF-16 with a BOM (both byte orders) and without one, and says so', async () => {
    const le = [0xff, 0xfe, ...[...'Keyword\tVol'].flatMap((c) => [c.charCodeAt(0), 0])];
    const be = [0xfe, 0xff, ...[...'Keyword'].flatMap((c) => [0, c.charCodeAt(0)])];
    const bare = [...'Key,Vol'].flatMap((c) => [c.charCodeAt(0), 0]);
    expect((await decode([le])).text).toBe('Keyword\tVol');
    expect((await decode([be])).text).toBe('Keyword');
    const r = await decode([bare.slice(0, 3), bare.slice(3)]);
    expect(r.text).toBe('Key,Vol');
    expect(r.warnings).toEqual([
      expect.objectContaining({
        code: 'encoding',
        message: 'the file is UTF-16LE without a byte-order mark; it was read as such',
      }),
    ]);
  });

  it('stops on invalid UTF-8 with the text before it and a clear reason', async () => {
    const r = await decode([[...utf8('a,b\ncaf'), 0xe9, ...utf8(',1\n')]]);
    expect(r.text).toBe('a,b\ncaf');
    expect(r.error).toEqual({
      file: 'f.csv',
      code: 'encoding',
      reason:
        'invalid UTF-8 (byte 0xE9): the file is in another encoding (Windows-1252 or Latin-1?); save it as UTF-8',
      fatal: true,
    });
  });

  it('refuses binary data and ZIP archives', async () => {
    expect((await decode([[...utf8('ab'), 0, 1, 2]])).error).toMatchObject({
      code: 'binary',
      reason: 'the file contains NUL bytes: it is binary, not text',
    });
    expect((await decode([[0x50, 0x4b, 3, 4, 0, 0]])).error).toMatchObject({
      code: 'binary',
      reason: expect.stringMatching(/ZIP archive/u),
    });
  });

  it('reports a file cut inside a character, and an empty file', async () => {
    expect((await decode([[...utf8('abc'), 0xc5]])).error).toMatchObject({
      code: 'encoding',
      reason: expect.stringMatching(/ends inside a UTF-8 character/u),
    });
    expect(await decode([])).toMatchObject({ text: '', empty: true, error: null });
    expect(await decode([[0xef, 0xbb, 0xbf]])).toMatchObject({ text: '', empty: true, error: null });
  });

  it('reads ASCII chunks by copy and the rest through the decoder: the same text however it is cut', async () => {
    const pieces = ['a', 'b,c', '\n', 'zł', 'é', '€', '😀', '\uFEFF', 'x'.repeat(40)];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...pieces), { maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 8 }),
        async (parts, sizes) => {
          const text = parts.join('');
          const bytes = new TextEncoder().encode(text);
          const cut: Uint8Array[] = [];
          for (let i = 0, k = 0; i < bytes.length; k++) {
            const n = sizes[k % sizes.length]!;
            cut.push(bytes.subarray(i, i + n));
            i += n;
          }
          const r = await decode(cut);
          expect(r.error).toBeNull();
          // The reader strips a BOM; one decoder over the rest says what the text is.
          const skip = text.startsWith('\uFEFF') ? 3 : 0;
          expect(r.text).toBe(new TextDecoder().decode(bytes.subarray(skip)));
        },
      ),
      { numRuns: 300 },
    );
    // Invalid bytes after ASCII chunks still stop the file, with the text before them.
    const r = await decode([utf8('a,b\n'), utf8('c,d\n'), [0x63, 0xff, 0x0a]]);
    expect(r.error).toMatchObject({ code: 'encoding' });
    expect(r.text).toBe('a,b\nc,d\nc');
    const cutAfter = await decode([utf8('a,b\n'), [0xc5], utf8('x\n')]);
    expect(cutAfter.error).toMatchObject({ code: 'encoding' });
  });
});
