// Whole-document JSON reading for the JSON formats (SERP API responses, keyword lists): small documents,
// read with a size cap, a parse error turned into a reject with line and column, and small typed accessors
// for the loosely typed objects providers return.
import type { FileContext } from './context';
import { DEFAULT_MAX_JSON_BYTES } from './context';
import { TextReader, readAllText } from './text';
import type { ByteSource } from './text';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The parsed document and the bytes read; only the bytes after a fatal reject (empty, too large, not JSON). */
export async function readJson(
  source: ByteSource,
  ctx: FileContext,
): Promise<{ doc: Json; bytes: number } | { bytes: number }> {
  const text = new TextReader(ctx.file, source, ctx.warnings);
  const max = ctx.options.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES;
  const all = await readAllText(text, max);
  if ('tooLarge' in all) {
    ctx.reject(null, 'too-large', `the JSON document is larger than ${Math.round(max / 1048576)} MiB`, {
      fatal: true,
    });
    return { bytes: text.bytesRead };
  }
  if (text.error) {
    const line = all.text.split('\n').length;
    ctx.rejects.push({ ...text.error, line });
    return { bytes: text.bytesRead };
  }
  if (all.text.trim() === '') {
    ctx.reject(null, 'empty', 'the file is empty', { fatal: true });
    return { bytes: text.bytesRead };
  }
  try {
    return { doc: JSON.parse(all.text) as Json, bytes: text.bytesRead };
  } catch {
    // JSON.parse's message does not always give a position; find the first error ourselves.
    const pos = jsonErrorOffset(all.text);
    const before = all.text.slice(0, pos);
    const line = before.split('\n').length;
    const column = pos - before.lastIndexOf('\n');
    const found =
      pos >= all.text.length
        ? 'the document ends too early'
        : `unexpected ${JSON.stringify(all.text.slice(pos, pos + 12))}`;
    ctx.reject(line, 'malformed-json', `malformed JSON: ${found}`, { column, fatal: true });
    return { bytes: text.bytesRead };
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'];

/**
 * Offset of the first syntax error in a document JSON.parse refused (its length when the text ends too
 * early). Iterative, so hostile nesting cannot overflow the stack; it only locates, JSON.parse parses.
 */
export function jsonErrorOffset(t: string): number {
  const n = t.length;
  const stack: boolean[] = []; // true = object, false = array
  let i = 0;
  let mode: 'value' | 'value-or-end' | 'key' | 'key-or-end' | 'after' = 'value';
  const ws = () => {
    while (i < n) {
      const c = t.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
      i++;
    }
  };
  const string = (): boolean => {
    for (let j = i + 1; j < n; j++) {
      const c = t.charCodeAt(j);
      if (c === 34) {
        i = j + 1;
        return true;
      }
      if (c < 32) {
        i = j;
        return false;
      }
      if (c === 92) {
        const e = t[j + 1];
        const ok =
          e === 'u'
            ? /^[0-9a-f]{4}$/iu.test(t.slice(j + 2, j + 6))
            : e !== undefined && '"\\/bfnrt'.includes(e);
        if (!ok) {
          i = j;
          return false;
        }
        j += e === 'u' ? 5 : 1;
      }
    }
    i = n;
    return false;
  };
  for (;;) {
    ws();
    if (i >= n) return n;
    const c = t[i];
    if (mode === 'value' || mode === 'value-or-end') {
      if (mode === 'value-or-end' && c === ']') {
        stack.pop();
        i++;
        mode = 'after';
      } else if (c === '{' || c === '[') {
        stack.push(c === '{');
        i++;
        mode = c === '{' ? 'key-or-end' : 'value-or-end';
      } else if (c === '"') {
        if (!string()) return i;
        mode = 'after';
      } else {
        const lit = LITERALS.find((l) => t.startsWith(l, i));
        NUMBER.lastIndex = i;
        if (lit !== undefined) i += lit.length;
        else if (NUMBER.test(t)) i = NUMBER.lastIndex;
        else return i;
        mode = 'after';
      }
    } else if (mode === 'key' || mode === 'key-or-end') {
      if (mode === 'key-or-end' && c === '}') {
        stack.pop();
        i++;
        mode = 'after';
        continue;
      }
      if (c !== '"' || !string()) return i;
      ws();
      if (t[i] !== ':') return i;
      i++;
      mode = 'value';
    } else {
      if (stack.length === 0) return i;
      const inObject = stack[stack.length - 1]!;
      if (c === ',') mode = inObject ? 'key' : 'value';
      else if (c === (inObject ? '}' : ']')) stack.pop();
      else return i;
      i++;
    }
  }
}

export function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function obj(v: Json | undefined): JsonObject | null {
  return isObject(v) ? v : null;
}

export function arr(v: Json | undefined): Json[] {
  return Array.isArray(v) ? v : [];
}

/** A string value (numbers written as text by some providers come back as strings too). */
export function str(v: Json | undefined): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/** A finite number, also from a numeric string (`"3"`). */
export function num(v: Json | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/u.test(v)) return Number(v);
  return null;
}
