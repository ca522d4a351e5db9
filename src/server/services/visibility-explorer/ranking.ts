// The explorer's ranking tables and their CSV exports: every keyword (URL) where the host ranks at the first
// or the last point of the range, with the values at the last point and their change from the first, sorted
// on any field (ties by keyword or URL) and paged. The store sums each row's numbers at the two points; the
// exports stream every row with formula-looking cells escaped.
import { Readable } from 'node:stream';
import {
  VE_KEYWORD_FIELDS,
  VE_URL_FIELDS,
  type VeKeywordRankingResponse,
  type VeKeywordRow,
  type VeRankingQuery,
  type VeUrlRankingResponse,
  type VeUrlRow,
} from '@contracts/visibility-explorer';
import { CSV_BOM, csvLine } from '@core/csv';
import { deltas, type XDeltas } from '@core/metrics';
import { badRequest } from '../../http/errors';
import type { CsvExport } from '../campaign-visibility/csv';
import type { VeRequest } from './request';
import { hostRef } from './summary';

type Cell = string | number | null;
type SortValue = string | number | null;

function sortOf<F extends string>(
  fields: readonly F[],
  params: VeRankingQuery,
  fallback: F,
): { field: F; direction: 'asc' | 'desc' } {
  const field = (params.sortField ?? fallback) as F;
  if (!fields.includes(field)) {
    throw badRequest(`sortField: expected one of ${fields.join(', ')}`, { parameter: 'sortField' });
  }
  const text = field === 'keyword' || field === 'url';
  return { field, direction: params.sortDirection ?? (text ? 'asc' : 'desc') };
}

/** Sort key of a cell: a …Deltas field sorts by its delta; nulls always last. */
function key(v: unknown): SortValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object') return (v as XDeltas).delta;
  return v as string | number;
}

function sorted<R>(rows: R[], pick: (r: R) => unknown, dir: 'asc' | 'desc', tie: (r: R) => string): R[] {
  const sign = dir === 'asc' ? 1 : -1;
  return rows.sort((a, b) => {
    const x = key(pick(a));
    const y = key(pick(b));
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    }
    const s = tie(a);
    const t = tie(b);
    return s < t ? -1 : s > t ? 1 : 0;
  });
}

/** The first and last point of the range (null without snapshots). */
async function ends(req: VeRequest): Promise<[string, string] | null> {
  const points = await req.reads.snapshotDates(req.rankMarket, req.span.start, req.span.end);
  return points.length === 0 ? null : [points[0]!, points[points.length - 1]!];
}

async function keywordRows(req: VeRequest) {
  const span = await ends(req);
  if (span === null) return { start: null, end: null, rows: [] as VeKeywordRow[] };
  const [start, end] = span;
  const found = await req.reads.hostKeywordRanking(req.rankMarket, req.filter, start, end, req.ctr.values);
  const rows = found.map((k): VeKeywordRow => ({
    keyword: k.keyword,
    searchVolume: k.searchVolume,
    position: k.end?.position ?? null,
    positionDeltas: k.end === null || k.start === null ? null : deltas(k.start.position, k.end.position),
    url: k.end?.url ?? null,
    visibilityScore: k.end?.visibilityScore ?? 0,
    visibilityScoreDeltas: deltas(k.start?.visibilityScore ?? 0, k.end?.visibilityScore ?? 0),
  }));
  return { start, end, rows };
}

async function urlRows(req: VeRequest) {
  const span = await ends(req);
  if (span === null) return { start: null, end: null, rows: [] as VeUrlRow[] };
  const [start, end] = span;
  const found = await req.reads.hostUrlRanking(req.rankMarket, req.filter, start, end, req.ctr.values);
  const rows = found.map(({ url, start: a, end: b }): VeUrlRow => ({
    url,
    keywords: b?.keywords ?? 0,
    keywordsDeltas: deltas(a?.keywords ?? 0, b?.keywords ?? 0),
    visibilityScore: b?.visibilityScore ?? 0,
    visibilityScoreDeltas: deltas(a?.visibilityScore ?? 0, b?.visibilityScore ?? 0),
    bestPosition: b?.bestPosition ?? null,
    searchVolume: b?.searchVolume ?? 0,
  }));
  return { start, end, rows };
}

/** A table's rows sorted as the request asks (default: visibility score), ties by `tie`. */
function sortedTable<F extends string, R extends Record<F, unknown>>(
  t: { start: string | null; end: string | null; rows: R[] },
  fields: readonly F[],
  params: VeRankingQuery,
  tie: (r: R) => string,
) {
  const { field, direction } = sortOf(fields, params, 'visibilityScore' as F);
  return { ...t, rows: sorted(t.rows, (r) => r[field], direction, tie) };
}

const keywordTable = async (req: VeRequest, params: VeRankingQuery) =>
  sortedTable(await keywordRows(req), VE_KEYWORD_FIELDS, params, (r) => r.keyword);

const urlTable = async (req: VeRequest, params: VeRankingQuery) =>
  sortedTable(await urlRows(req), VE_URL_FIELDS, params, (r) => r.url);

const page = <R>(rows: R[], p: VeRankingQuery) => rows.slice((p.page - 1) * p.pageSize, p.page * p.pageSize);

export async function keywordRanking(req: VeRequest, p: VeRankingQuery): Promise<VeKeywordRankingResponse> {
  const t = await keywordTable(req, p);
  return {
    market: req.market,
    host: hostRef(req),
    start: t.start,
    end: t.end,
    total: t.rows.length,
    items: page(t.rows, p),
  };
}

export async function urlRanking(req: VeRequest, p: VeRankingQuery): Promise<VeUrlRankingResponse> {
  const t = await urlTable(req, p);
  return {
    market: req.market,
    host: hostRef(req),
    start: t.start,
    end: t.end,
    total: t.rows.length,
    items: page(t.rows, p),
  };
}

function csvOf(header: Cell[], lines: Cell[][], filename: string): CsvExport {
  async function* chunks(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(header);
    // 1,000 lines per chunk: few writes, bounded chunk size.
    for (let i = 0; i < lines.length; i += 1000)
      yield lines
        .slice(i, i + 1000)
        .map(csvLine)
        .join('');
  }
  return { filename, stream: Readable.from(chunks()) };
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/gu, '-');

function fileName(req: VeRequest, p: VeRankingQuery, what: string): string {
  const campaign = p.campaign !== undefined && p.campaign !== '-' ? `campaign-${safeName(p.campaign)}-` : '';
  return `${campaign}ve-${req.market}-${safeName(req.filter.value)}-${what}-${req.date}.csv`;
}

export async function keywordsCsv(req: VeRequest, p: VeRankingQuery): Promise<CsvExport> {
  const t = await keywordTable(req, p);
  return csvOf(
    [
      'Keyword',
      'Search volume',
      'Position',
      'Position change',
      'URL',
      'Visibility score',
      'Visibility score change',
      'Visibility score change %',
    ],
    t.rows.map((r) => [
      r.keyword,
      r.searchVolume,
      r.position,
      r.positionDeltas?.delta ?? null,
      r.url,
      r.visibilityScore,
      r.visibilityScoreDeltas.delta,
      r.visibilityScoreDeltas.percentageDelta,
    ]),
    fileName(req, p, 'keywords'),
  );
}

export async function urlsCsv(req: VeRequest, p: VeRankingQuery): Promise<CsvExport> {
  const t = await urlTable(req, p);
  return csvOf(
    [
      'URL',
      'Keywords',
      'Keywords change',
      'Visibility score',
      'Visibility score change',
      'Visibility score change %',
      'Best position',
      'Search volume',
    ],
    t.rows.map((r) => [
      r.url,
      r.keywords,
      r.keywordsDeltas.delta,
      r.visibilityScore,
      r.visibilityScoreDeltas.delta,
      r.visibilityScoreDeltas.percentageDelta,
      r.bestPosition,
      r.searchVolume,
    ]),
    fileName(req, p, 'urls'),
  );
}
