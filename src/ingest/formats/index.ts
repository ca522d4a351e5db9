// The entry point of import parsing: a source (file, folder, zip, upload) and the import's options in,
// batches of normalised records, rejects and warnings out, one file after another. The format is detected
// per file unless `format` is given; a folder or zip holding Search Console export tables is read as one
// export. Nothing here throws on bad input: a file that cannot be read yields one fatal reject.
import { basename } from 'node:path';
import { InputError } from '../errors';
import type { Reject } from '../errors';
import type { ParseBatch } from '../records';
import { parseMarket } from '../normalise';
import { DETECT_BYTES, detectFormat, isFormatId, isGscExportFileName, unknownFormatMessage } from '../detect';
import type { FormatId } from '../detect';
import { FileContext } from './context';
import type { ParseOptions } from './context';
import { parseDataForSeo } from './dataforseo';
import { parseGscApiCsv, parseGscExportTable } from './gsc';
import type { ImportSource, InputFile } from './input';
import { parseKeywordCsv, parseKeywordJson } from './keywords';
import { parseRankSheet } from './rank-sheet';
import { parseSerpApi } from './serpapi';
import { parseSerpBear } from './serpbear';
import { parseSerpCsv } from './serp-csv';
import type { SerpRowSink } from './serp-csv';
import type { ByteSource } from './text';
import { parseValueSerp } from './valueserp';

export type { ParseOptions } from './context';
export type { ImportSource, InputFile } from './input';
export { openPath, sourceFromBytes, sourceFromSavedUpload, sourceFromStream } from './input';
export { DEFAULT_UNZIP_LIMIT_MB, UnzipBudget } from './zip';
export { FORMATS, isFormatId, knownFormats, unknownFormatMessage } from '../detect';
export type { FormatId } from '../detect';
export { UrlNormaliser, detach } from '../normalise';
export { formatReject, formatWarning } from '../errors';
export { rankToSerpResult } from '../records';

export interface ImportOptions extends ParseOptions {
  /** Skips detection (the CLI's `--format`); validate user input with `isFormatId` first. */
  format?: FormatId;
  /** Where generic SERP CSV rows go instead of records (the pipeline's SerpColumnSink). */
  serpRows?: SerpRowSink;
}

/** Parses every file of a source in turn. */
export async function* parseSource(source: ImportSource, options: ImportOptions): AsyncGenerator<ParseBatch> {
  if (source.problem !== null) {
    yield fatal(source.problem);
    return;
  }
  const bad = optionProblem(source.name, options);
  if (bad !== null) {
    yield fatal(bad);
    return;
  }
  if (source.files.length === 0) {
    yield fatal({
      file: source.name,
      line: null,
      code: 'empty',
      reason: 'the folder or archive holds no files',
      fatal: true,
    });
    return;
  }
  const gscExport =
    source.kind !== 'file' &&
    (options.format === 'gsc-export' || source.files.some((f) => isGscExportFileName(f.name)));
  for (const file of source.files) {
    if (gscExport && !isGscExportFileName(file.name)) {
      const ctx = new FileContext(file.name, options);
      ctx.warnings.add(
        'ignored-file',
        `${basename(file.name)} is not a Search Console export table and was skipped`,
      );
      yield ctx.finish(0);
      continue;
    }
    yield* parseFile(file, gscExport ? { ...options, format: 'gsc-export' } : options);
  }
}

/** Parses one file, detecting its format from its first bytes unless `options.format` says it. */
export async function* parseFile(file: InputFile, options: ImportOptions): AsyncGenerator<ParseBatch> {
  const ctx = new FileContext(file.name, options);
  const bad = optionProblem(file.name, options);
  if (bad !== null) {
    yield fatal(bad);
    return;
  }
  try {
    const { head, rest, close } = await peek(file.open(), DETECT_BYTES);
    let format = options.format;
    if (format === undefined) {
      const d = detectFormat(file.name, head);
      if ('error' in d) {
        await close();
        ctx.reject(null, head.length === 0 ? 'empty' : d.code, d.error, { fatal: true });
        yield ctx.finish(head.length);
        return;
      }
      format = d.format;
    }
    if (format === 'serp-csv' && options.serpRows !== undefined)
      yield* parseSerpCsv(rest, ctx, options.serpRows);
    else yield* parserFor(format, head)(rest, ctx);
  } catch (e) {
    // A byte source that could not go on (an archive entry that cannot be unpacked or is past the limit).
    if (!(e instanceof InputError)) throw e;
    yield { ...fatal(e.reject), rowsRead: ctx.rowsRead };
  }
}

type Parser = (source: ByteSource, ctx: FileContext) => AsyncGenerator<ParseBatch>;

function parserFor(format: FormatId, head: Uint8Array): Parser {
  switch (format) {
    case 'serp-csv':
      return parseSerpCsv;
    case 'serpapi':
      return parseSerpApi;
    case 'dataforseo':
      return parseDataForSeo;
    case 'valueserp':
      return parseValueSerp;
    case 'serpbear':
      return parseSerpBear;
    case 'rank-sheet':
      return parseRankSheet;
    case 'gsc-export':
      return parseGscExportTable;
    case 'gsc-api':
      return parseGscApiCsv;
    case 'keywords':
      return looksLikeJson(head) ? parseKeywordJson : parseKeywordCsv;
  }
}

function looksLikeJson(head: Uint8Array): boolean {
  const t = new TextDecoder()
    .decode(head.subarray(0, 64))
    .replace(/^\uFEFF/u, '')
    .trimStart();
  return t.startsWith('[') || t.startsWith('{');
}

function optionProblem(file: string, options: ImportOptions): Reject | null {
  if (options.format !== undefined && !isFormatId(options.format)) {
    return {
      file,
      line: null,
      code: 'unknown-format',
      reason: unknownFormatMessage(String(options.format)),
      fatal: true,
    };
  }
  if (options.market !== undefined) {
    const m = parseMarket(options.market);
    if (typeof m === 'string')
      return { file, line: null, code: 'invalid-market', reason: `market option: ${m}`, fatal: true };
  }
  if (!(options.now instanceof Date) || Number.isNaN(options.now.getTime())) {
    return {
      file,
      line: null,
      code: 'invalid-value',
      reason: 'the import time (now) is not a valid date',
      fatal: true,
    };
  }
  return null;
}

function fatal(r: Reject): ParseBatch {
  return { file: r.file, records: [], rejects: [r], warnings: [], bytesRead: 0, rowsRead: 0 };
}

/**
 * Reads the first `n` bytes (or fewer at the end) and returns them with a source that replays them, and
 * `close` to let go of the source when `rest` is not read (a generator never started runs no `finally`).
 */
async function peek(
  source: ByteSource,
  n: number,
): Promise<{ head: Uint8Array; rest: ByteSource; close: () => Promise<void> }> {
  const it = source[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    taken.push(r.value);
    size += r.value.length;
  }
  const head = new Uint8Array(Math.min(size, n));
  let off = 0;
  for (const t of taken) {
    if (off >= head.length) break;
    const part = t.subarray(0, head.length - off);
    head.set(part, off);
    off += part.length;
  }
  async function* rest(): AsyncGenerator<Uint8Array> {
    try {
      yield* taken;
      if (done) return;
      for (;;) {
        const r = await it.next();
        if (r.done) return;
        yield r.value;
      }
    } finally {
      if (!done) await it.return?.();
    }
  }
  const close = async () => {
    if (!done) await it.return?.();
  };
  return { head, rest: rest(), close };
}
