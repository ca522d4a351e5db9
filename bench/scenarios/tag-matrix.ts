// Scenario `tag-matrix` (issue 29's bench, items 4 and 5): the Tag Analysis matrix — per keyword tag and
// tracked domain, VS, ranked keywords, Σ best positions and rank ranges at the first and last snapshot
// (CampaignVisibilityReads.labelSeries, as the service asks it) plus the view the screen shows (labelView) —
// every tag's series over all snapshots, and the Page Analysis URL table of the first domain (its results
// between the two dates, then the pure rows of src/core/rank-tracking/page-analysis.ts), for `--keywords`
// keywords (10,000 asked) × 20 tracked domains × `--weeks` weekly top-100 SERPs. The demo generator writes
// the market into a fresh embedded DuckDB store; one campaign holds every keyword (10 tags, 4 groups) and
// tracks 20 registrable domains of the market's league.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CTR_MODEL } from '@core/metrics/ctr-model';
import { labelView } from '@core/metrics/label-analysis';
import { compareDates, pageRows, sortPageRows } from '@core/rank-tracking';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore } from '@storage/rank-store';
import { generateMarket } from '../lib/demo-market';
import { loadAverage } from '../lib/machine';
import { measure, ms, type Timing } from '../lib/stats';
import type { Table } from '../lib/table';
import type { BenchOptions } from './index';
import { CAMPAIGN, DOMAINS, setUp, type Case } from './rankings';

/**
 * The tag sums from the first to the last snapshot: at those two points (the matrix, as the Tag Analysis
 * service reads it) or at every point (what one label's series reads, for all labels at once).
 */
async function tagMatrix(rank: RankStore, c: Case, points: 'ends' | 'all') {
  const rows = await rank.campaignVisibility.labelSeries(
    {
      campaignId: CAMPAIGN,
      market: c.market,
      tags: [],
      tagsMatch: 'any',
      groups: [],
      keywords: [],
      resultTypes: [],
      ctr: DEFAULT_CTR_MODEL.values,
    },
    c.targets.map((t) => ({ key: t.key, filters: [t.filter] })),
    { start: c.snapshots[0]!, end: c.snapshots.at(-1)! },
    'tags',
    points,
  );
  return labelView(
    rows,
    [...new Set(rows.map((r) => r.date))].sort(),
    c.targets.map(() => false),
  );
}

/** The Page Analysis URL table of the first domain, first page by visibility score. */
async function pageTable(rank: RankStore, c: Case) {
  const dates = compareDates(c.snapshots, undefined, undefined)!;
  const hits = await rank.rankTracking.hits({
    campaignId: CAMPAIGN,
    market: c.market,
    targets: [c.targets[0]!],
    from: dates.start,
    to: dates.end,
    keywordIds: null,
    dates: [...dates.points],
  });
  const rows = pageRows(c.keywords, hits, dates, 'absolute', DEFAULT_CTR_MODEL);
  return {
    urls: rows.length,
    hits: hits.length,
    page: sortPageRows(rows, { field: 'visibilityScore', direction: 'desc' }, '').slice(0, 50),
  };
}

const row = (what: string, t: Timing) => [what, ms(t.median), ms(t.p95), String(t.n)];

export async function tagMatrixScenario(opts: BenchOptions): Promise<Table> {
  const { keywordsPerMarket: keywords, weeks } = opts.size;
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-ta-'));
  const rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
  try {
    await rank.migrate();
    const started = performance.now();
    console.log(`Generating ${keywords.toLocaleString('en')} keywords × ${weeks} weeks × top 100…`);
    const market = await generateMarket(rank, keywords, weeks, new Date());
    const genS = (performance.now() - started) / 1000;
    const c = await setUp(rank, market);
    const labels = await tagMatrix(rank, c, 'ends');
    const pages = await pageTable(rank, c);
    const before = loadAverage();
    const matrix = await measure(() => tagMatrix(rank, c, 'ends'), {
      warmups: opts.warmups,
      runs: opts.runs,
    });
    const series = await measure(() => tagMatrix(rank, c, 'all'), { warmups: opts.warmups, runs: opts.runs });
    const urls = await measure(() => pageTable(rank, c), { warmups: opts.warmups, runs: opts.runs });
    return {
      title: `tag-matrix: Tag Analysis matrix and Page Analysis table on ${keywords.toLocaleString('en')} keywords × ${DOMAINS} domains × ${weeks} weeks`,
      columns: ['what', 'median ms', 'p95 ms', 'n'],
      rows: [
        row(
          `tag matrix (${labels.length} tags × ${c.targets.length} domains, first and last point), embedded DuckDB`,
          matrix,
        ),
        row(`every tag's series (${c.snapshots.length} points), embedded DuckDB`, series),
        row(`page analysis URL table (${pages.urls} URLs, first 50), embedded DuckDB`, urls),
      ],
      notes: [
        `Market ${market}: ${c.keywords.length.toLocaleString('en')} keywords × ${c.snapshots.length} weekly snapshots (top 100), generated in ${genS.toFixed(0)} s; one campaign of every keyword tracking ${c.targets.length} registrable domains; the first domain has ${pages.hits.toLocaleString('en')} results between the first and last snapshot. ${opts.warmups} warm-ups, then ${opts.runs} timed runs.`,
        `Load average (1, 5, 15 min) before timing: ${before}; after: ${loadAverage()}. Shared 2-core machine: other sessions' work slows every figure.`,
      ],
    };
  } finally {
    await rank.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
