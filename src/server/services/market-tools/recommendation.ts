// Recommendation (issue 6 item 4): a host's URLs ranked by opportunity (DESIGN §3, core opportunity()) at the
// latest snapshot of the span, with the keywords behind each, the URL's best position among them, and its
// visibility score at that snapshot against the first one of the span. Rows are built in memory from the
// host's rank data, like the explorer's tables; the CSV lists one line per URL and keyword.
import { Readable } from 'node:stream';
import type {
  RecommendationQuery,
  RecommendationResponse,
  RecommendationRow,
} from '@contracts/recommendation';
import { CSV_BOM, csvLine } from '@core/csv';
import { deltas } from '@core/metrics';
import { urlScores } from '@core/metrics/explorer';
import { opportunity } from '@core/metrics/opportunity';
import type { CsvExport } from '../campaign-visibility/csv';
import { loadHost, type VeRequest } from '../visibility-explorer/request';
import { hostRef } from '../visibility-explorer/summary';

interface Table {
  date: string | null;
  start: string | null;
  rows: RecommendationRow[];
}

async function table(req: VeRequest): Promise<Table> {
  const { data, points } = await loadHost(req);
  const date = points.at(-1) ?? null;
  const start = points[0] ?? null;
  if (date === null || start === null) return { date, start, rows: [] };
  const now = urlScores(data, req.target, date, req.ctr);
  const before = urlScores(data, req.target, start, req.ctr);
  const rows = opportunity(data, req.target, data.keywords.keys(), date, { ctr: req.ctr }).map((o) => {
    const k = (id: number) => data.keywords.get(id)!;
    const vs = now.get(o.url)?.visibilityScore ?? 0;
    return {
      url: o.url,
      opportunity: o.opportunity,
      keywords: o.keywords,
      bestPosition: Math.min(...o.behind.map((b) => b.position)),
      visibilityScore: vs,
      visibilityScoreDeltas: deltas(before.get(o.url)?.visibilityScore ?? 0, vs),
      // Opportunity counts only keywords of known volume, so sv is a number here.
      behind: o.behind.map((b) => ({
        keyword: k(b.keywordId).text ?? '',
        searchVolume: k(b.keywordId).sv ?? 0,
        position: b.position,
        gain: b.gain,
      })),
    };
  });
  return { date, start, rows };
}

function sortRows(rows: RecommendationRow[], q: RecommendationQuery): RecommendationRow[] {
  const field = q.sortField;
  const sign =
    (q.sortDirection ?? (field === 'url' || field === 'bestPosition' ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  return rows.sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
  });
}

export async function recommendations(
  req: VeRequest,
  q: RecommendationQuery,
): Promise<RecommendationResponse> {
  const t = await table(req);
  const rows = sortRows(t.rows, q);
  return {
    market: req.market,
    host: hostRef(req),
    date: t.date,
    start: t.start,
    opportunity: rows.reduce((sum, r) => sum + r.opportunity, 0),
    total: rows.length,
    items: rows.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
  };
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/gu, '-');

export async function recommendationsCsv(req: VeRequest, q: RecommendationQuery): Promise<CsvExport> {
  const t = await table(req);
  const rows = sortRows(t.rows, q);
  async function* chunks(): AsyncGenerator<string> {
    yield (
      CSV_BOM +
      csvLine([
        'URL',
        'URL opportunity',
        'URL visibility score',
        'URL visibility score change',
        'Keyword',
        'Search volume',
        'Position',
        'Keyword opportunity',
      ])
    );
    for (const r of rows) {
      yield r.behind
        .map((b) =>
          csvLine([
            r.url,
            r.opportunity,
            r.visibilityScore,
            r.visibilityScoreDeltas.delta,
            b.keyword,
            b.searchVolume,
            b.position,
            b.gain,
          ]),
        )
        .join('');
    }
  }
  return {
    filename: `recommendation-${req.market}-${safeName(req.filter.value)}-${t.date ?? 'no-data'}.csv`,
    stream: Readable.from(chunks()),
  };
}
