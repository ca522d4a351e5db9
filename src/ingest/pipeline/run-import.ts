// One import end to end: every source is parsed as a stream (formats/), its records staged (stager.ts) into a
// RankImport (or one generic SERP CSV on disk staged by the store itself: fast-csv.ts), and the import
// committed in one piece — or, on a fatal reject, an error or a dry run, nothing is written at all. Progress
// (bytes and rows so far) is reported as it goes; the outcome carries the counts, the first rejects and
// warnings (capped) and, for a failed import, the reason.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseTrackedValue, quoteUnsafe } from '@core/tracked-value';
import type { RankImportCommit, RankImportCounts, RankStore } from '@storage/rank-store';
import { DETECT_BYTES, detectFormat } from '../detect';
import type { FormatId } from '../detect';
import type { Reject } from '../errors';
import { formatReject } from '../errors';
import { SerpColumnSink } from '../formats/generic-columns';
import { DEFAULT_UNZIP_LIMIT_MB, UnzipBudget, UrlNormaliser, parseSource } from '../formats/index';
import type { ImportSource, InputFile } from '../formats/index';
import { stageFastCsv } from './fast-csv';
import { ImportStager } from './stager';
import type { ImportWarning } from './stager';

/** Most rejects and warnings an outcome lists (all are counted). */
export const LIST_CAP = 100;

export interface ImportRequest {
  sources: ImportSource[];
  /** When the import runs: dates after its UTC day are future dates. */
  now: Date;
  format?: FormatId;
  market?: string;
  /** Tracked site of rank sheets, and the property of Search Console rows. */
  target?: string;
  /** When set, keywords of the campaign's market join it. */
  campaign?: { id: number; market: string } | null;
  dryRun?: boolean;
  /**
   * The RankStore market each market code of the import is written to (the importing organisation's, issue
   * 27), asked once at commit; absent: the codes themselves.
   */
  rankMarkets?: (codes: readonly string[]) => Promise<Map<string, string>>;
  /** Search type of Search Console rows whose files do not say it (a sync); absent: the files', else web. */
  searchType?: string;
  /** The property Search Console rows are stored under (the importing organisation's); absent: as given. */
  rankProperty?: (property: string) => Promise<string>;
  /** Most bytes the import may unpack from its archives, all together (SIGHTLINE_UNZIP_LIMIT_MB). */
  unzipLimitBytes?: number;
}

export type ImportPhase = 'reading' | 'writing';

export interface ImportProgress {
  phase: ImportPhase;
  bytesRead: number;
  /** Sum of the sources' file sizes, when every size is known. */
  bytesTotal: number | null;
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
}

export interface ImportOutcome {
  ok: boolean;
  /** Why nothing was written, for a failed import. */
  error: string | null;
  dryRun: boolean;
  /** Format ids seen (asked for or detected), in order of first use. */
  formats: string[];
  /** Market codes of the keywords imported (written, or that would be). */
  markets: string[];
  bytesRead: number;
  bytesTotal: number | null;
  rowsRead: number;
  /** Records written (a dry run: that would be written); a rank sheet's row can give several. */
  rowsWritten: number;
  rowsRejected: number;
  written: RankImportCounts;
  warningCount: number;
  rejects: Reject[];
  warnings: ImportWarning[];
  durationMs: number;
}

const NOTHING: RankImportCounts = {
  keywords: 0,
  serpResults: 0,
  snapshots: 0,
  rankObservations: 0,
  searchConsoleRows: 0,
  campaignKeywords: 0,
};

class ImportFailure extends Error {}

/** A file whose first bytes are passed to `seen` (for the detected format) on their way to the parser. */
function observed(file: InputFile, seen: (head: Uint8Array) => void): InputFile {
  return {
    ...file,
    open: () => {
      const inner = file.open();
      async function* tee(): AsyncGenerator<Uint8Array> {
        const parts: Uint8Array[] = [];
        let size = 0;
        let told = false;
        const tell = () => {
          told = true;
          const head = new Uint8Array(Math.min(size, DETECT_BYTES));
          let off = 0;
          for (const p of parts) {
            const take = p.subarray(0, head.length - off);
            head.set(take, off);
            off += take.length;
            if (off >= head.length) break;
          }
          seen(head);
        };
        for await (const chunk of inner) {
          if (!told) {
            parts.push(chunk);
            size += chunk.length;
            if (size >= DETECT_BYTES) tell();
          }
          yield chunk;
        }
        if (!told) tell();
      }
      return tee();
    },
  };
}

function sourceSize(sources: readonly ImportSource[]): number | null {
  let total = 0;
  for (const s of sources) {
    for (const f of s.files) {
      if (f.size === null) return null;
      total += f.size;
    }
  }
  return total;
}

/** Runs the import; never throws for bad input (that is a failed outcome). */
export async function runImport(
  rank: RankStore | null,
  req: ImportRequest,
  onProgress: (p: ImportProgress) => void = () => undefined,
): Promise<ImportOutcome> {
  const started = performance.now();
  const dryRun = req.dryRun === true || rank === null;
  const bytesTotal = sourceSize(req.sources);
  const formats: string[] = [];
  const rejects: Reject[] = [];
  let rejectCount = 0;
  let warnings: ImportWarning[] = [];
  let rowsRead = 0;
  let rowsWritten = 0;
  let bytesRead = 0;
  let fatal: Reject | null = null;

  const sink = dryRun ? null : await rank!.beginImport();
  const stager = new ImportStager(sink);
  const addReject = (r: Reject) => {
    rejectCount++;
    if (rejects.length < LIST_CAP) rejects.push(r);
    if (r.fatal === true && fatal === null) fatal = r;
  };
  const progress = (phase: ImportPhase) =>
    onProgress({ phase, bytesRead, bytesTotal, rowsRead, rowsWritten, rowsRejected: rejectCount });

  // What the commit takes and the outcome counts: the stager's, or the fast path's.
  let keywords = stager.keywords;
  let records = 0;
  try {
    // One generic SERP CSV on disk: the store reads it itself when it can (fast-csv.ts).
    const fast =
      sink === null
        ? null
        : await stageFastCsv(sink, req, LIST_CAP, (bytes) => {
            bytesRead = bytes;
            progress('reading');
          });
    if (fast !== null) {
      formats.push('serp-csv');
      bytesRead = fast.bytesRead;
      rowsRead = fast.rowsRead;
      for (const r of fast.rejects) addReject(r);
      rejectCount = fast.rejectCount;
      warnings = fast.warnings;
      keywords = fast.keywords;
      records = fast.rowsWritten;
      rowsWritten = records;
      progress('reading');
    } else {
      bytesRead = 0;
      await streamSources();
      keywords = stager.keywords;
      records = stager.counts.records;
    }
    for (const [file, n] of stager.ranksWithoutUrl) {
      throw new ImportFailure(
        `${file}: ${n} ranks have no URL to store them with: give the tracked site with --target (a domain or host)`,
      );
    }
    if (fatal !== null) throw new ImportFailure(formatReject(fatal));
    if (records === 0 && rejects.length > 0) {
      throw new ImportFailure(
        `nothing could be imported: all ${rejectCount} rows were rejected (the first: ${formatReject(rejects[0]!)})`,
      );
    }
    const searchConsole = stager.hasSearchConsoleRows ? searchConsoleTarget(req, stager) : null;
    let written: RankImportCounts;
    if (sink === null) {
      written = {
        keywords: stager.keywords.length,
        serpResults: stager.counts.serpResults,
        snapshots: stager.snapshotCount,
        rankObservations: stager.counts.rankObservations,
        searchConsoleRows: stager.counts.searchConsoleRows,
        campaignKeywords: req.campaign
          ? stager.keywords.filter((k) => k.market === req.campaign!.market).length
          : 0,
      };
    } else {
      progress('writing');
      if (fast === null) {
        stager.release();
        collectGarbage();
      }
      written = await sink.commit(
        await toRankMarkets(req, { keywords, campaign: req.campaign ?? null, searchConsole }),
      );
    }
    rowsWritten = records;
    progress('writing');
    return outcome(true, null, written);
  } catch (error) {
    await sink?.abort().catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    return outcome(false, message, NOTHING);
  }

  /** Parses every source as a stream and stages its records (stager.ts). */
  async function streamSources(): Promise<void> {
    const urls = new UrlNormaliser();
    // Generic SERP CSV rows skip the record objects: the parser writes columns, the stager reads them.
    const columns = new SerpColumnSink(urls);
    const unzipped = new UnzipBudget(req.unzipLimitBytes ?? DEFAULT_UNZIP_LIMIT_MB * 1048576);
    for (const source of req.sources) {
      const watched: ImportSource = {
        ...source,
        files: source.files.map((f) =>
          observed(source.kind === 'zip' ? unzipped.watch(f) : f, (head) => {
            const format = req.format ?? detectOne(f.name, head);
            if (format !== null && !formats.includes(format)) formats.push(format);
          }),
        ),
      };
      let file = '';
      let fileBytes = 0;
      let fileRows = 0;
      let doneBytes = bytesRead;
      let doneRows = rowsRead;
      const options = {
        now: req.now,
        urls,
        serpRows: columns,
        ...(req.format !== undefined ? { format: req.format } : {}),
        ...(req.market !== undefined ? { market: req.market } : {}),
        ...(req.target !== undefined ? { target: req.target } : {}),
      };
      for await (const batch of parseSource(watched, options)) {
        if (batch.file !== file) {
          doneBytes += fileBytes;
          doneRows += fileRows;
          file = batch.file;
          stager.startFile(file);
        }
        fileBytes = batch.bytesRead;
        fileRows = batch.rowsRead;
        for (const r of batch.rejects) addReject(r);
        warnings.push(...batch.warnings);
        rowsWritten += await stager.add(batch.records);
        if (columns.pending > 0) rowsWritten += await stager.addColumns(columns, columns.drain());
        bytesRead = doneBytes + fileBytes;
        rowsRead = doneRows + fileRows;
        progress('reading');
      }
      bytesRead = doneBytes + fileBytes;
      rowsRead = doneRows + fileRows;
    }
    await stager.flush();
    for (const r of stager.rejects) addReject(r);
    warnings = [...warnings, ...stager.warnings];
  }

  function outcome(ok: boolean, error: string | null, written: RankImportCounts): ImportOutcome {
    const warningCount = warnings.reduce((n, w) => n + w.count, 0);
    return {
      ok,
      error,
      dryRun,
      formats,
      markets: ok ? [...new Set(keywords.map((k) => k.market))].sort() : [],
      bytesRead,
      bytesTotal,
      rowsRead,
      rowsWritten: ok ? rowsWritten : 0,
      rowsRejected: rejectCount,
      written,
      warningCount,
      rejects,
      warnings: warnings.slice(0, LIST_CAP),
      durationMs: Math.round(performance.now() - started),
    };
  }
}

let fullGc: (() => void) | null = null;

/**
 * Streamed imports only (the fast path keeps no dictionaries in Node): one full garbage collection, so the
 * staging dictionaries just released (about 250 bytes a distinct URL:
 * 300 MB for the million URLs of a 2 GB file) go back to the system before the commit. The commit only waits
 * on DuckDB, and without allocation V8 would not collect: that memory would stay resident on top of DuckDB's
 * for the whole commit (`npm run bench -- import-2gb`). `gc` is taken from a fresh context once exposed.
 */
function collectGarbage(): void {
  if (fullGc === null) {
    setFlagsFromString('--expose-gc');
    fullGc = runInNewContext('gc') as () => void;
  }
  fullGc();
}

function detectOne(name: string, head: Uint8Array): FormatId | null {
  const d = detectFormat(name, head);
  return 'format' in d ? d.format : null;
}

/** The property, search type and period Search Console rows are stored under. */
function searchConsoleTarget(req: ImportRequest, stager: ImportStager) {
  const property = req.target !== undefined ? targetHost(req.target) : stager.pageHost;
  if (property === null) {
    throw new ImportFailure(
      'Search Console rows need their property: give the site with --target (no page URL in the rows names it)',
    );
  }
  return {
    property,
    searchType: stager.searchType ?? req.searchType ?? 'web',
    period: stager.period ?? '',
  };
}

/**
 * The commit as the importing organisation stores it: market codes turned into the RankStore markets
 * req.rankMarkets names, the Search Console property into req.rankProperty's.
 */
async function toRankMarkets(req: ImportRequest, c: RankImportCommit): Promise<RankImportCommit> {
  const sc = c.searchConsole;
  const searchConsole =
    sc === null || req.rankProperty === undefined
      ? sc
      : { ...sc, property: await req.rankProperty(sc.property) };
  if (req.rankMarkets === undefined) return { ...c, searchConsole };
  const codes = c.keywords.map((k) => k.market);
  if (c.campaign !== null) codes.push(c.campaign.market);
  const keys = await req.rankMarkets(codes);
  // The operator's markets keep their codes: a large import is then not copied.
  if ([...keys].every(([code, key]) => code === key)) return { ...c, searchConsole };
  const keyOf = (code: string) => keys.get(code) ?? code;
  return {
    keywords: c.keywords.map((k) => ({ ...k, market: keyOf(k.market) })),
    campaign: c.campaign === null ? null : { ...c.campaign, market: keyOf(c.campaign.market) },
    searchConsole,
  };
}

/** The host of a target given as a domain, host or URL, read by the strict parser of tracked values. */
function targetHost(target: string): string {
  const parsed = parseTrackedValue(target);
  if (!parsed.ok)
    throw new ImportFailure(`the target ${quoteUnsafe(target)} is not a site: ${parsed.reason}`);
  return parsed.filter.host;
}
