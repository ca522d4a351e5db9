// Campaign visibility on a generated demo workspace (~800 campaign keywords × 6 weeks, DuckDB + SQLite in a
// temp folder): every endpoint's numbers equal the core reference functions (src/core/metrics) computed over
// the rows read back through the RankStore port (readKeywords, readCampaignKeywords, readSnapshot). The
// campaign tracks a registrable domain, hosts and a host+path filter, plus two domain groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ROWS } from '@server/services/campaign-visibility/csv';
import { CV_BASE } from '@contracts/paths';
import { ctr } from '@core/ctr';
import { matchesHostFilter } from '@core/host-match';
import {
  bestPosition,
  buildRankData,
  competitorsLeague,
  domainScores,
  domainSummary,
  groupTarget,
  domainTarget,
  keywordScore,
  pointDates,
  rankRanges,
  resultTypeProminence,
  searchVolumeRanges,
  selectKeywords,
  snapshotAt,
  visibilityByLabel,
  visibilitySeries,
  visibilityScoreLost,
  type MetricKeyword,
  type MetricResult,
  type RankData,
  type Target,
} from '@core/metrics';
import type { ResultType } from '@core/result-types';
import { seedDemoWorkspace } from '@server/services/demo/seed-demo-workspace';
import { Client, createTestApp, seedOrganisation, seedUser, type TestApp } from './helpers';

const NOW = '2025-07-02T09:30:00Z'; // history ends on Monday 2025-06-30
const END = '2025-06-30';
const MID_WEEK = '2025-06-18'; // a Wednesday: keywords use their 2025-06-16 snapshot

let t: TestApp;
let analyst: Client;
let campaignId: number;
let market: string;
let data: RankData;
let members: MetricKeyword[];
let base: string;
let targets: Target[];
let groupIds: number[];

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const org = await seedOrganisation(t.stores, 'Demo');
  await seedUser(t.stores, org.id, 'analyst@demo.test', ['ROLE_CV']);
  const summary = await seedDemoWorkspace(t.stores, {
    organisationId: org.id,
    seed: 20250630,
    keywordsPerMarket: 4800,
    weeks: 6,
    now: NOW,
  });
  const project = summary.projects[0]!;
  campaignId = project.campaignId;
  market = project.market;
  analyst = await Client.signIn(t.app, 'analyst@demo.test');
  base = `${CV_BASE}/${campaignId}`;

  const { rank, meta } = t.stores;
  const membership = new Map((await rank.readCampaignKeywords(campaignId)).map((m) => [m.keywordId, m]));
  const keywords = await rank.readKeywords(market);
  members = keywords
    .filter((k) => membership.has(k.id))
    .map((k) => ({
      id: k.id,
      sv: k.sv,
      text: k.text,
      tags: membership.get(k.id)!.tags,
      groups: membership.get(k.id)!.groups,
    }));
  const results: MetricResult[] = [];
  for (const date of (await rank.marketSummary(market)).snapshotDates) {
    for (const r of await rank.readSnapshot(market, date, [...membership.keys()])) {
      results.push({
        keywordId: r.keywordId,
        date,
        position: r.position,
        resultType: r.resultType,
        url: r.url,
        host: r.host,
        domain: r.domain,
      });
    }
  }
  data = buildRankData(members, results);
  const tracked = await meta.listTrackedDomains(campaignId);
  const groups = await meta.listDomainGroups(campaignId);
  groupIds = groups.map((g) => g.id);
  targets = [
    ...tracked.map((d) => domainTarget(d.value)),
    ...groups.map((g) => groupTarget(String(g.id), g.members)),
  ];
}, 120_000);
afterAll(async () => t.close());

async function get(path: string) {
  const res = await analyst.get(`${base}/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const SPAN = { start: '2025-01-02', end: '2025-07-02' }; // the default range for NOW
const groupsQuery = () => groupIds.map((id) => `domainGroups=${id}`).join('&');
const ids = (selection: Parameters<typeof selectKeywords>[1] = {}) =>
  selectKeywords(members, selection).map((k) => k.id);

/** Relative closeness for sums added in a different order (SQL vs JS). */
function close(actual: number, expected: number, what: string) {
  expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    1e-9 * Math.max(1, Math.abs(expected)),
  );
}
function closeDeltas(
  actual: { delta: number; percentageDelta: number | null },
  expected: typeof actual,
  what: string,
) {
  close(actual.delta, expected.delta, `${what}.delta`);
  if (expected.percentageDelta === null) expect(actual.percentageDelta, what).toBeNull();
  else close(actual.percentageDelta!, expected.percentageDelta, `${what}.percentageDelta`);
}

describe('the demo campaign matches the core reference', () => {
  it('has the filters the reference sees', async () => {
    const body = await get('filters');
    const tags = new Map<string, number>();
    for (const k of members) for (const tag of k.tags ?? []) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    expect(body.keywords).toBe(members.length);
    expect(
      Object.fromEntries(body.tags.map((x: { value: string; keywords: number }) => [x.value, x.keywords])),
    ).toEqual(Object.fromEntries(tags));
    expect(members.length).toBeGreaterThan(700);
  });

  for (const variant of [
    { name: 'all keywords', query: '', selection: {}, opts: {} },
    {
      name: 'whole market, organic and video only',
      query: 'useWholeMarket=true&kwResultTypes=organic&kwResultTypes=video',
      selection: {},
      opts: { useWholeMarket: true, resultTypes: ['organic', 'video'] as ResultType[] },
    },
  ]) {
    it(`domains: ${variant.name}`, async () => {
      const body = await get(`domains?${groupsQuery()}&${variant.query}`);
      const ref = domainSummary(data, targets, ids(variant.selection), SPAN, variant.opts);
      expect(body.dates).toEqual(ref.dates);
      expect(body.unknownVolume).toBe(ref.unknownVolume);
      expect(body.items).toHaveLength(targets.length);
      ref.targets.forEach((r, i) => {
        const item = body.items[i];
        for (const f of ['visibilityScore', 'visibility', 'share'] as const) {
          close(item[f], r[f], `${r.key}.${f}`);
          closeDeltas(item[`${f}Deltas`], r[`${f}Deltas`], `${r.key}.${f}Deltas`);
          r.series.forEach((p, j) => close(item.series[j][f], p[f], `${r.key}.series[${j}].${f}`));
        }
      });
    });
  }

  it('domains with two tags (AND) and a keyword group over part of the range', async () => {
    const [tagA, tagB] = [...new Set(members.flatMap((k) => k.tags ?? []))].sort();
    const group = members[0]!.groups![0]!;
    const span = { start: '2025-06-09', end: '2025-06-23' };
    for (const [query, selection] of [
      [`tags=${tagA}&tags=${tagB}`, { tags: [tagA!, tagB!], isAndFilter: true }],
      [`groups=${encodeURIComponent(group)}`, { groups: [group] }],
    ] as const) {
      const body = await get(`domains?startDate=${span.start}&endDate=${span.end}&${query}`);
      const ref = domainSummary(data, targets.slice(0, 8), ids(selection), span);
      expect(body.dates).toEqual(ref.dates);
      ref.targets.forEach((r, i) =>
        r.series.forEach((p, j) =>
          close(body.items[i].series[j].visibilityScore, p.visibilityScore, `${query} ${r.key}[${j}]`),
        ),
      );
    }
  });

  it('whole-market', async () => {
    const body = await get(`whole-market?${groupsQuery()}`);
    const points = visibilitySeries(data, targets, ids(), SPAN, { useWholeMarket: true });
    expect(body.dates).toEqual(points.map((p) => p.date));
    points.forEach((p, j) => {
      close(body.market[j].visibilityScore, p.marketVisibilityScore, `market[${j}]`);
      close(body.market[j].maxVisibilityScore, p.maxVisibilityScore, `max[${j}]`);
      expect(body.market[j].keywords).toBe(p.keywords);
      targets.forEach((tg, i) =>
        close(body.items[i].series[j].share, p.byTarget.get(tg.key)!.share, `${tg.key}[${j}]`),
      );
    });
  });

  it('result-type-prominence', async () => {
    const body = await get(`result-type-prominence?${groupsQuery()}`);
    resultTypeProminence(data, targets, ids(), SPAN).forEach((r, i) => {
      const item = body.items[i];
      expect(item.total.map((x: { resultType: string }) => x.resultType)).toEqual(
        r.total.map((x) => x.resultType),
      );
      r.total.forEach((x, j) =>
        close(item.total[j].visibilityScore, x.visibilityScore, `${r.key} total ${x.resultType}`),
      );
      r.points.forEach((p, j) => {
        expect(item.series[j].types.map((x: { resultType: string }) => x.resultType)).toEqual(
          p.types.map((x) => x.resultType),
        );
        p.types.forEach((x, k) =>
          close(item.series[j].types[k].share, x.share, `${r.key} ${p.date} ${x.resultType}`),
        );
      });
    });
  });

  for (const [endpoint, kind] of [
    ['tags', 'tags'],
    ['visibility-share', 'groups'],
  ] as const) {
    it(`${endpoint} (at a mid-week date, whole market)`, async () => {
      const body = await get(`${endpoint}?date=${MID_WEEK}&useWholeMarket=true&${groupsQuery()}`);
      const ref = visibilityByLabel(data, targets, ids(), kind, MID_WEEK, { useWholeMarket: true });
      expect(body.items.map((x: { label: string; keywords: number }) => [x.label, x.keywords])).toEqual(
        ref.map((r) => [r.label, r.keywords]),
      );
      ref.forEach((r, i) =>
        targets.forEach((tg, j) => {
          close(
            body.items[i].domains[j].visibilityScore,
            r.byTarget.get(tg.key)!.visibilityScore,
            `${r.label} ${tg.key}`,
          );
          close(body.items[i].domains[j].share, r.byTarget.get(tg.key)!.share, `${r.label} ${tg.key} share`);
        }),
      );
    });
  }

  it('rank-ranges and search-volume-ranges', async () => {
    const ranges = await get(`rank-ranges?date=${MID_WEEK}&${groupsQuery()}`);
    targets.forEach((tg, i) => {
      const ref = rankRanges(data, tg, ids(), MID_WEEK);
      expect(
        Object.fromEntries(
          ranges.items[i].ranges.map((r: { key: string; keywords: number }) => [r.key, r.keywords]),
        ),
      ).toEqual(ref);
    });
    const volumes = await get(`search-volume-ranges?date=${MID_WEEK}&${groupsQuery()}`);
    searchVolumeRanges(data, targets, ids(), MID_WEEK).forEach((r, i) => {
      expect(volumes.items[i]).toMatchObject({ key: r.key, keywords: r.keywords });
      targets.forEach((tg, j) => {
        expect(volumes.items[i].domains[j].ranking).toBe(r.byTarget.get(tg.key)!.ranking);
        close(
          volumes.items[i].domains[j].visibilityScore,
          r.byTarget.get(tg.key)!.visibilityScore,
          `${r.key} ${tg.key}`,
        );
      });
    });
  });

  it('competitors', async () => {
    const body = await get('competitors?limit=50');
    const ref = competitorsLeague(data, ids(), SPAN, { limit: 50 });
    expect([body.startDate, body.endDate]).toEqual([ref.start, ref.end]);
    expect(body.total).toBe([...domainScores(data, ids(), ref.end!).values()].filter((v) => v > 0).length);
    expect(
      body.items.map((x: { domain: string; rank: number; rankChange: number | null }) => [
        x.domain,
        x.rank,
        x.rankChange,
      ]),
    ).toEqual(ref.rows.map((r) => [r.domain, r.rank, r.rankChange]));
    ref.rows.forEach((r, i) => {
      close(body.items[i].visibilityScore, r.visibilityScore, r.domain);
      close(body.items[i].share, r.share, `${r.domain} share`);
      closeDeltas(body.items[i].visibilityScoreDeltas, r.visibilityScoreDeltas, r.domain);
    });
  });

  it('visibility-score-lost', async () => {
    const body = await get(`visibility-score-lost?top=5&${groupsQuery()}`);
    const ref = visibilityScoreLost(data, targets, ids(), SPAN, { top: 5 });
    expect([body.startDate, body.endDate]).toEqual([ref.start, ref.end]);
    ref.targets.forEach((r, i) => {
      close(body.items[i].lost, r.lost, `${r.key} lost`);
      close(body.items[i].gained, r.gained, `${r.key} gained`);
      expect(body.items[i].lostKeywords.map((k: { keywordId: number }) => k.keywordId)).toEqual(
        r.lostKeywords.map((k) => k.keywordId),
      );
      expect(body.items[i].gainedKeywords.map((k: { keywordId: number }) => k.keywordId)).toEqual(
        r.gainedKeywords.map((k) => k.keywordId),
      );
      r.lostKeywords.forEach((k, j) =>
        close(body.items[i].lostKeywords[j].change, k.change, `${r.key} ${k.keywordId}`),
      );
    });
  });

  it('ranking/keywords: every keyword, every target, as the reference scores them', async () => {
    const body = await get(
      `ranking/keywords?date=${END}&pageSize=1000&sortField=visibilityScoreDeltas|0&sortDirection=desc&${groupsQuery()}`,
    );
    const dates = pointDates(data, ids(), SPAN.start, END);
    const [start, end] = [dates[0]!, dates[dates.length - 1]!];
    expect([body.startDate, body.endDate]).toEqual([start, end]);
    expect(body.total).toBe(members.length);
    const deltas: number[] = [];
    for (const item of body.items) {
      targets.forEach((tg, i) => {
        const cell = item.domains[i];
        expect(cell.position, `${item.keyword} ${tg.key}`).toBe(bestPosition(data, tg, item.keywordId, end));
        const vs = keywordScore(data, tg, item.keywordId, end);
        close(cell.visibilityScore, vs, `${item.keyword} ${tg.key} VS`);
        close(
          cell.visibilityScoreDeltas.delta,
          vs - keywordScore(data, tg, item.keywordId, start),
          `${item.keyword} ${tg.key} Δ`,
        );
        if (cell.url !== null) {
          const best = snapshotAt(data, item.keywordId, end)!.results.find(
            (r) => r.position === cell.position,
          )!;
          expect(cell.url).toBe(best.url);
        }
      });
      deltas.push(item.domains[0].visibilityScoreDeltas.delta);
    }
    expect(deltas).toEqual([...deltas].sort((a, b) => b - a));
  });

  it('ranking/urls: the first domain’s URLs as the reference scores them', async () => {
    const body = await get(`ranking/urls?date=${END}&pageSize=1000`);
    const tg = targets[0]!;
    const dates = pointDates(data, ids(), SPAN.start, END);
    const [start, end] = [dates[0]!, dates[dates.length - 1]!];
    const expected = new Map<string, { kw: number; kw0: number; vs: number; vs0: number }>();
    for (const id of ids()) {
      const k = data.keywords.get(id)!;
      for (const [d, which] of [
        [start, 0],
        [end, 1],
      ] as const) {
        const seen = new Set<string>();
        for (const r of snapshotAt(data, id, d)?.results ?? []) {
          if (!tg.filters.some((f) => matchesHostFilter(f, r))) continue;
          const e = expected.get(r.url) ?? { kw: 0, kw0: 0, vs: 0, vs0: 0 };
          const score = k.sv === null ? 0 : k.sv * ctr(r.position);
          const first = !seen.has(r.url);
          seen.add(r.url);
          if (which === 1) {
            e.kw += first ? 1 : 0;
            e.vs += score;
          } else {
            e.kw0 += first ? 1 : 0;
            e.vs0 += score;
          }
          expected.set(r.url, e);
        }
      }
    }
    expect(body.total).toBe(expected.size);
    for (const item of body.items) {
      const e = expected.get(item.url)!;
      expect([item.keywords, item.keywordsDeltas.delta], item.url).toEqual([e.kw, e.kw - e.kw0]);
      close(item.visibilityScore, e.vs, item.url);
      close(item.visibilityScoreDeltas.delta, e.vs - e.vs0, item.url);
    }
  });

  it('autocomplete: domains by VS at the date', async () => {
    const body = await get(`autocomplete?q=co.uk&date=${MID_WEEK}&limit=5`);
    const scores = domainScores(data, ids(), MID_WEEK);
    const domains = body.domains.filter((d: { kind: string }) => d.kind === 'domain');
    for (const d of domains) close(d.visibilityScore, scores.get(d.value)!, d.value);
    const top = [...scores].filter(([d, v]) => d.includes('co.uk') && v > 0).sort((a, b) => b[1] - a[1])[0]!;
    expect(body.domains[0].value).toBe(top[0]);
  });

  it('csv/keywords streams exactly the table’s rows', async () => {
    const table = await get(`ranking/keywords?date=${END}&pageSize=1000&sortField=keyword&sortDirection=asc`);
    const res = await analyst.get(`${base}/csv/keywords?date=${END}&sortField=keyword&sortDirection=asc`);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    // More rows than the export's first part: the rest comes from a second read of the same snapshot.
    expect(table.total).toBeGreaterThan(FIRST_ROWS);
    expect(lines).toHaveLength(1 + table.total);
    expect(lines.slice(1).map((l: string) => l.split(',')[0])).toEqual(
      table.items.map((i: { keyword: string }) => i.keyword),
    );
  });
});
