// The explorer's ranking tables and their CSV exports: every keyword (URL) where the host ranks at the first
// or the last point of the range, with the values at the last point and their change from the first, sorted
// on any field (ties by keyword or URL) and paged. The host's rows are few next to the market, so they are
// built in memory from its rank data; the exports stream every row with formula-looking cells escaped.
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
import { bestResult, keywordScores, urlScores } from '@core/metrics/explorer';
import { badRequest } from '../../http/errors';
import type { CsvExport } from '../campaign-visibility/csv';
import { loadHost, type VeRequest } from './request';
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

async function keywordRows(req: VeRequest) {
  const { data, points } = await loadHost(req, true);
  const start = points[0] ?? null;
  const end = points[points.length - 1] ?? null;
  const rows: VeKeywordRow[] = [];
  if (start !== null && end !== null) {
    const s = keywordScores(data, req.target, start, req.ctr);
    const e = keywordScores(data, req.target, end, req.ctr);
    for (const id of new Set([...s.keys(), ...e.keys()])) {
      const k = data.keywords.get(id)!;
      const last = bestResult(data, req.target, id, end);
      const first = bestResult(data, req.target, id, start);
      rows.push({
        keyword: k.text ?? '',
        searchVolume: k.sv,
        position: last?.position ?? null,
        positionDeltas: last === null || first === null ? null : deltas(first.position, last.position),
        url: last?.url ?? null,
        visibilityScore: e.get(id) ?? 0,
        visibilityScoreDeltas: deltas(s.get(id) ?? 0, e.get(id) ?? 0),
      });
    }
  }
  return { start, end, rows };
}

async function urlRows(req: VeRequest) {
  const { data, points } = await loadHost(req, true);
  const start = points[0] ?? null;
  const end = points[points.length - 1] ?? null;
  const rows: VeUrlRow[] = [];
  if (start !== null && end !== null) {
    const s = urlScores(data, req.target, start, req.ctr);
    const e = urlScores(data, req.target, end, req.ctr);
    for (const url of new Set([...s.keys(), ...e.keys()])) {
      const a = s.get(url);
      const b = e.get(url);
      rows.push({
        url,
        keywords: b?.keywords ?? 0,
        keywordsDeltas: deltas(a?.keywords ?? 0, b?.keywords ?? 0),
        visibilityScore: b?.visibilityScore ?? 0,
        visibilityScoreDeltas: deltas(a?.visibilityScore ?? 0, b?.visibilityScore ?? 0),
        bestPosition: b?.bestPosition ?? null,
        searchVolume: b?.searchVolume ?? 0,
      });
    }
  }
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
