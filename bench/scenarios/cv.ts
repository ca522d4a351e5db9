// Scenario `cv` (issue 4's bench): every campaign-visibility request the screen makes, on the bench campaign
// of 10,000 keywords × 26 weekly snapshots × 20 tracked domains, through app.inject, median/p95 after
// warm-ups: on the embedded stores, on PostgreSQL + ClickHouse when the server backends are set (their
// answers checked equal to the embedded ones first), and against a plain-PostgreSQL twin of each of the
// fifteen endpoints on a copy of the same rows (each twin checked to give the endpoint's answer before it is
// timed), with the ratios of the medians.
import pg from 'pg';
import { CV_BASE } from '@contracts/paths';
import { DEFAULT_RANGE_MONTHS, isoDateInZone, subtractMonths } from '@core/date-range';
import { compareJson, csvCells } from '../lib/agreement';
import { measure, ms, summarise, type Timing } from '../lib/stats';
import type { Table } from '../lib/table';
import { signedInApp, type Workspace } from '../lib/workspace';
import { twinCases, type ScreenParams } from './cv-checks';
import { dropTwin, loadTwin, resolveTargets } from './cv-postgres';
import type { BenchOptions } from './index';

/** The screen's request parameters (also the load scenario's PostgreSQL twin's). */
export const SCREEN: ScreenParams = {
  leagueLimit: 50,
  lostTop: 10,
  pageSize: 50,
  autocomplete: { q: 'co', limit: 10 },
};

/** The row of a download's time to its first byte. */
const firstByte = (endpoint: string) => `${endpoint} first byte`;

interface Measured {
  timings: Map<string, Timing>;
  /** The first answer of each request: JSON, or the CSV text. */
  answers: Map<string, unknown>;
}

/** The screen's requests for the bench campaign: [endpoint, query string]. */
function screenRequests(ws: Workspace): {
  span: { start: string; end: string };
  requests: [string, string][];
} {
  const end = isoDateInZone(ws.now);
  const span = { start: subtractMonths(end, DEFAULT_RANGE_MONTHS), end };
  const common = `startDate=${span.start}&endDate=${span.end}`;
  return {
    span,
    requests: [
      ['filters', ''],
      ['domains', common],
      ['whole-market', common],
      ['result-type-prominence', common],
      ['tags', common],
      ['visibility-share', common],
      ['rank-ranges', common],
      ['search-volume-ranges', common],
      ['visibility-score-lost', `${common}&top=${SCREEN.lostTop}`],
      ['competitors', `${common}&limit=${SCREEN.leagueLimit}`],
      [
        'ranking/keywords',
        `${common}&pageSize=${SCREEN.pageSize}&sortField=visibilityScore|0&sortDirection=desc`,
      ],
      ['ranking/urls', `${common}&pageSize=${SCREEN.pageSize}`],
      ['autocomplete', `${common}&q=${SCREEN.autocomplete.q}&limit=${SCREEN.autocomplete.limit}`],
      ['csv/keywords', common],
      ['csv/urls', common],
    ],
  };
}

async function timeRequests(
  ws: Workspace,
  requests: [string, string][],
  opts: BenchOptions,
): Promise<Measured> {
  const client = await signedInApp(ws);
  const base = `${CV_BASE}/${ws.bench.campaignId}`;
  const timings = new Map<string, Timing>();
  const answers = new Map<string, unknown>();
  try {
    for (const [endpoint, query] of requests) {
      const url = `${base}/${endpoint}${query ? `?${query}` : ''}`;
      const body = await client.get(url);
      answers.set(endpoint, endpoint.startsWith('csv/') ? body : JSON.parse(body));
      timings.set(endpoint, await measure(() => client.get(url), opts));
      process.stdout.write(`  cv ${ws.backend} ${endpoint}: ${ms(timings.get(endpoint)!.median)} ms\n`);
      if (!endpoint.startsWith('csv/')) continue;
      // A download answers when its first bytes arrive: timed over loopback HTTP, the body read to its end.
      for (let i = 0; i < opts.warmups; i += 1) await client.firstByte(url);
      const samples: number[] = [];
      for (let i = 0; i < opts.runs; i += 1) samples.push(await client.firstByte(url));
      timings.set(firstByte(endpoint), summarise(samples));
      process.stdout.write(
        `  cv ${ws.backend} ${firstByte(endpoint)}: ${ms(timings.get(firstByte(endpoint))!.median)} ms\n`,
      );
    }
  } finally {
    await client.app.close();
  }
  return { timings, answers };
}

interface TwinResult {
  timings: Map<string, Timing>;
  agreement: Map<string, string>;
  notes: string[];
}

async function postgresTwins(
  url: string,
  ws: Workspace,
  span: { start: string; end: string },
  answers: Map<string, unknown>,
  opts: BenchOptions,
): Promise<TwinResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { campaignId, market } = ws.bench;
  try {
    const load = await loadTwin(client, ws.stores.rank, campaignId, market);
    await client.query(`SET work_mem = '256MB'`);
    await client.query(`SET statement_timeout = '${TWIN_TIMEOUT_S}s'`);
    const tracked = await ws.stores.meta.listTrackedDomains(campaignId);
    const targets = await resolveTargets(
      client,
      tracked.map((d) => [d.value]),
    );
    const timings = new Map<string, Timing>();
    const agreement = new Map<string, string>();
    for (const twin of twinCases(client, { campaignId, start: span.start, end: span.end, targets }, SCREEN)) {
      let first: unknown;
      try {
        first = await twin.run();
      } catch (error) {
        agreement.set(twin.endpoint, `not timed: ${(error as Error).message}`);
        continue;
      }
      const check = twin.check(first, answers.get(twin.endpoint));
      agreement.set(twin.endpoint, check.summary());
      process.stdout.write(`  cv PostgreSQL twin ${twin.endpoint}: ${check.summary()}\n`);
      // A twin that answers differently is not the same query, so it is not timed. The checked run warms up.
      if (check.ok) timings.set(twin.endpoint, await measure(twin.run, { warmups: 0, runs: opts.twinRuns }));
    }
    return {
      timings,
      agreement,
      notes: [
        `PostgreSQL twins: ${load.serpRows.toLocaleString('en')} serp_results rows of the campaign's ` +
          `${load.keywords.toLocaleString('en')} keywords (market ${market}) plus keywords, tags, groups, domains, ` +
          `hosts, urls, copied through RankStore.exportBatches into UNLOGGED tables with b-tree indexes ` +
          `(serp_results (keyword_id, date, position), (domain_id, date), (date, position)) in ` +
          `${(load.loadMs / 1000).toFixed(0)} s; session work_mem 256MB, statement_timeout ${TWIN_TIMEOUT_S} s; plain SQL, no rollups; the checked ` +
          `run is the warm-up, then ${opts.twinRuns} timed runs each.`,
        'Twin times are pg client round trips over loopback (query, execution, row decoding); Sightline times ' +
          'also include routing, auth, validation and JSON or CSV serialisation.',
        'The twins list a keyword’s snapshots from its position-1 rows, as the embedded store does for complete ' +
          'pages (every demo snapshot is complete).',
      ],
    };
  } finally {
    await dropTwin(client).catch(() => undefined);
    await client.end();
  }
}

/** Longest a twin's statement may run (seconds); a twin that takes longer is reported, not timed. */
const TWIN_TIMEOUT_S = 240;

/** An answer as compared across backends: CSV text as cells (numbers within 1e-9), JSON as it is. */
const comparable = (answer: unknown) => (typeof answer === 'string' ? csvCells(answer) : answer);

const cell = (t: Timing | undefined, pick: (t: Timing) => number) => (t ? ms(pick(t)) : '—');
const ratio = (a: Timing | undefined, b: Timing | undefined) =>
  a && b ? (a.median / b.median).toFixed(2) : '—';

export async function cvScenario(ws: Workspace, opts: BenchOptions): Promise<Table> {
  const { span, requests } = screenRequests(ws);
  const embedded = await timeRequests(ws, requests, opts);
  const notes = [
    `Campaign "${ws.bench.name}" (market ${ws.bench.market}, ${ws.summary.endDate} back ` +
      `${opts.size.weeks} weekly snapshots; tracked domains: the campaign's 20 most visible at the last ` +
      `snapshot), range ${span.start} to ${span.end}; each request: one untimed request whose answer the ` +
      `checks use, ${opts.warmups} warm-ups, then ${opts.runs} timed runs, one at a time, through app.inject ` +
      '(routing, auth, validation, serialisation included), the whole body. The CSV downloads are also ' +
      'timed to their first byte over loopback HTTP (the body still read to its end before the next run): ' +
      'the first part of an export is one table page, the rest is read from the same store snapshot. The ' +
      'PostgreSQL twin of an export reads every row, so a first-byte row has no ratio.',
  ];

  let server: Measured | null = null;
  const serverWs = await opts.serverWorkspace();
  if (serverWs === null)
    notes.push('Server backends skipped: BENCH_POSTGRES_URL and BENCH_CLICKHOUSE_URL are not both set.');
  else {
    server = await timeRequests(serverWs, requests, opts);
    const differing = requests
      .map(
        ([endpoint]) =>
          [
            endpoint,
            compareJson(
              comparable(server!.answers.get(endpoint)),
              comparable(embedded.answers.get(endpoint)),
            ),
          ] as const,
      )
      .filter(([, g]) => !g.ok);
    notes.push(
      differing.length === 0
        ? `Server backends: ${serverWs.backend}, same campaign and plan; every answer equal to the embedded one ` +
            '(JSON, and CSV cell by cell; numbers within a relative 1e-9).'
        : `Server backends: ${serverWs.backend}; answers DIFFERENT from the embedded ones: ` +
            differing.map(([e, g]) => `${e}: ${g.summary()}`).join('; '),
    );
  }

  let twins: TwinResult | null = null;
  if (opts.postgresUrl) {
    twins = await postgresTwins(opts.postgresUrl, ws, span, embedded.answers, opts);
    notes.push(...twins.notes);
    for (const [endpoint, text] of twins.agreement) notes.push(`${endpoint}: twin ${text}.`);
  } else notes.push('PostgreSQL twins skipped: BENCH_POSTGRES_URL is not set.');

  return {
    title: `cv: campaign-visibility endpoints, ${ws.bench.keywords.toLocaleString('en')} keywords × ${opts.size.weeks} weeks × ${ws.bench.domains.length} domains`,
    columns: [
      'endpoint',
      'embedded median ms',
      'embedded p95 ms',
      'server median ms',
      'server p95 ms',
      'PostgreSQL median ms',
      'embedded ÷ PostgreSQL',
      'server ÷ PostgreSQL',
    ],
    rows: requests
      .flatMap(([e]) => (e.startsWith('csv/') ? [e, firstByte(e)] : [e]))
      .map((endpoint) => {
        const e = embedded.timings.get(endpoint);
        const s = server?.timings.get(endpoint);
        const p = twins?.timings.get(endpoint);
        return [
          endpoint,
          cell(e, (t) => t.median),
          cell(e, (t) => t.p95),
          cell(s, (t) => t.median),
          cell(s, (t) => t.p95),
          cell(p, (t) => t.median),
          ratio(e, p),
          ratio(s, p),
        ];
      }),
    notes,
  };
}
