// Scenario `cv`: every campaign-visibility request the screen makes, through app.inject on the demo workspace's
// largest campaign (embedded SQLite + DuckDB), median/p95 after warm-ups; and, when BENCH_POSTGRES_URL is
// set, the plain-PostgreSQL twin of the domains series, rank ranges and competitors league on a copy of the
// same rows, with the ratio of the medians and a check that both answer the same numbers.
import pg from 'pg';
import { CV_BASE } from '@contracts/campaign-visibility';
import { DEFAULT_RANGE_MONTHS, isoDateInZone, subtractMonths } from '@core/date-range';
import { measure, ms, type Timing } from '../lib/stats';
import type { Table } from '../lib/table';
import { signedInApp, type Workspace } from '../lib/workspace';
import {
  dropTwin,
  loadTwin,
  resolveTargets,
  twinCompetitors,
  twinDomains,
  twinRankRanges,
  type TwinTargets,
} from './cv-postgres';

export interface CvOptions {
  warmups: number;
  runs: number;
  postgresUrl: string | undefined;
}

const LEAGUE_LIMIT = 50;

/** Relative difference, against at least 1 so that zeros compare absolutely. */
const relDiff = (a: number, b: number) => Math.abs(a - b) / Math.max(1, Math.abs(b));

interface Twin {
  endpoint: string;
  timing: Timing;
  /** How the twin's answer compares with the endpoint's. */
  agreement: string;
}

async function postgresTwins(
  url: string,
  ws: Workspace,
  campaign: { id: number; market: string },
  span: { start: string; end: string },
  answers: Map<string, unknown>,
  opts: CvOptions,
): Promise<{ twins: Twin[]; notes: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const load = await loadTwin(client, ws.stores.rank, campaign.id, campaign.market);
    await client.query(`SET work_mem = '256MB'`);
    const { meta } = ws.stores;
    const tracked = await meta.listTrackedDomains(campaign.id);
    const groups = await meta.listDomainGroups(campaign.id);
    const targets: TwinTargets = await resolveTargets(client, [
      ...tracked.map((d) => [d.value]),
      ...groups.map((g) => g.members),
    ]);
    const run = (action: () => Promise<unknown>) => measure(action, opts);
    const twins: Twin[] = [];

    const series = await twinDomains(client, campaign.id, span.start, span.end, targets);
    const domains = answers.get('domains') as {
      dates: string[];
      items: { series: { visibilityScore: number }[] }[];
    };
    let worst = 0;
    for (const row of series) {
      if (row.t === null || row.vs === null) continue;
      const j = domains.dates.indexOf(row.point);
      worst = Math.max(
        worst,
        j < 0 ? Infinity : relDiff(row.vs, domains.items[row.t]!.series[j]!.visibilityScore),
      );
    }
    const points = new Set(series.map((r) => r.point)).size;
    twins.push({
      endpoint: 'domains',
      timing: await run(() => twinDomains(client, campaign.id, span.start, span.end, targets)),
      agreement: `${points === domains.dates.length ? 'same' : 'DIFFERENT'} point dates; VS max rel. diff ${worst.toExponential(1)}`,
    });

    const ranges = await twinRankRanges(client, campaign.id, span.end, targets);
    const api = answers.get('rank-ranges') as { items: { ranges: { key: string; keywords: number }[] }[] };
    const mismatched = ranges.filter(
      (r) => api.items[r.t]!.ranges.find((x) => x.key === r.key)?.keywords !== r.keywords,
    ).length;
    twins.push({
      endpoint: 'rank-ranges',
      timing: await run(() => twinRankRanges(client, campaign.id, span.end, targets)),
      agreement: mismatched === 0 ? 'same counts' : `${mismatched} DIFFERENT counts`,
    });

    const league = await twinCompetitors(client, campaign.id, span.start, span.end, LEAGUE_LIMIT);
    const apiLeague = answers.get('competitors') as {
      total: number;
      items: { domain: string; visibilityScore: number }[];
    };
    const sameOrder = league.every((r, i) => apiLeague.items[i]?.domain === r.domain);
    const vsDiff = Math.max(
      0,
      ...league.map((r, i) => relDiff(r.vs, apiLeague.items[i]?.visibilityScore ?? NaN)),
    );
    twins.push({
      endpoint: 'competitors',
      timing: await run(() => twinCompetitors(client, campaign.id, span.start, span.end, LEAGUE_LIMIT)),
      agreement:
        `${sameOrder ? 'same' : 'DIFFERENT'} top ${league.length}, total ${league[0]?.total ?? 0} vs ` +
        `${apiLeague.total}; VS max rel. diff ${vsDiff.toExponential(1)}`,
    });
    return {
      twins,
      notes: [
        `PostgreSQL twin: ${load.serpRows.toLocaleString('en')} serp_results rows of the campaign's ` +
          `${load.keywords.toLocaleString('en')} keywords (market ${campaign.market}) plus keywords, domains, ` +
          `hosts, urls, copied through RankStore.exportBatches into UNLOGGED tables with b-tree indexes ` +
          `(serp_results (keyword_id, date, position), (domain_id, date), (date, position)) in ` +
          `${(load.loadMs / 1000).toFixed(0)} s; session work_mem 256MB; plain SQL, no rollups.`,
        'Twin times are pg client round trips over loopback (query, execution, row decoding); Sightline times ' +
          'also include routing, auth, validation and JSON serialisation.',
        'The twin lists a keyword’s snapshots from its position-1 rows, as the embedded store does for complete ' +
          'pages (every demo snapshot is complete).',
      ],
    };
  } finally {
    await dropTwin(client).catch(() => undefined);
    await client.end();
  }
}

export async function cvScenario(ws: Workspace, opts: CvOptions): Promise<Table> {
  const largest = [...ws.summary.projects].sort((a, b) => b.keywords - a.keywords)[0]!;
  const { meta } = ws.stores;
  const groups = await meta.listDomainGroups(largest.campaignId);
  const tracked = await meta.listTrackedDomains(largest.campaignId);
  const end = isoDateInZone(ws.now);
  const span = { start: subtractMonths(end, DEFAULT_RANGE_MONTHS), end };
  const common = [
    `startDate=${span.start}`,
    `endDate=${span.end}`,
    ...groups.map((g) => `domainGroups=${g.id}`),
  ].join('&');
  const requests: [string, string][] = [
    ['filters', ''],
    ['domains', common],
    ['whole-market', common],
    ['result-type-prominence', common],
    ['tags', common],
    ['visibility-share', common],
    ['rank-ranges', common],
    ['search-volume-ranges', common],
    ['visibility-score-lost', `${common}&top=10`],
    ['competitors', `${common}&limit=${LEAGUE_LIMIT}`],
    ['ranking/keywords', `${common}&pageSize=50&sortField=visibilityScore|0&sortDirection=desc`],
    ['ranking/urls', `${common}&pageSize=50`],
    ['autocomplete', `${common}&q=co&limit=10`],
    ['csv/keywords', common],
    ['csv/urls', common],
  ];
  const client = await signedInApp(ws);
  const base = `${CV_BASE}/${largest.campaignId}`;
  const timings = new Map<string, Timing>();
  const answers = new Map<string, unknown>();
  try {
    for (const [endpoint, query] of requests) {
      const url = `${base}/${endpoint}${query ? `?${query}` : ''}`;
      const body = await client.get(url);
      if (!endpoint.startsWith('csv/')) answers.set(endpoint, JSON.parse(body));
      timings.set(endpoint, await measure(() => client.get(url), opts));
      process.stdout.write(`  cv ${endpoint}: ${ms(timings.get(endpoint)!.median)} ms\n`);
    }
  } finally {
    await client.app.close();
  }

  const notes = [
    `Campaign "${largest.campaign}" (${largest.keywords.toLocaleString('en')} keywords, market ${largest.market}), ` +
      `${tracked.length} tracked domains and ${groups.length} domain groups, range ${span.start} to ${span.end}; ` +
      `each request: one untimed request whose answer the twins are checked against, ${opts.warmups} warm-ups, then n timed runs, one at a time, through app.inject (routing, ` +
      'auth, validation, serialisation included).',
  ];
  let twins: Twin[] = [];
  if (opts.postgresUrl) {
    const out = await postgresTwins(
      opts.postgresUrl,
      ws,
      { id: largest.campaignId, market: largest.market },
      span,
      answers,
      opts,
    );
    twins = out.twins;
    notes.push(...out.notes);
    notes.push(
      'PostgreSQL twins exist for domains, rank-ranges and competitors only; the other twelve endpoints have ' +
        'no twin yet (ratio —).',
    );
    for (const t of twins) notes.push(`${t.endpoint}: twin agreement — ${t.agreement}.`);
  } else {
    notes.push('PostgreSQL comparison skipped: BENCH_POSTGRES_URL is not set.');
  }
  const byEndpoint = new Map(twins.map((t) => [t.endpoint, t.timing]));
  return {
    title: 'cv: campaign-visibility endpoints (embedded SQLite + DuckDB)',
    columns: ['endpoint', 'median ms', 'p95 ms', 'n', 'PostgreSQL median ms', 'ratio'],
    rows: requests.map(([endpoint]) => {
      const t = timings.get(endpoint)!;
      const p = byEndpoint.get(endpoint);
      return [
        endpoint,
        ms(t.median),
        ms(t.p95),
        String(t.n),
        p ? ms(p.median) : '—',
        p ? (t.median / p.median).toFixed(2) : '—',
      ];
    }),
    notes,
  };
}
