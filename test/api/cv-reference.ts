// The core reference for campaign visibility, reusable by any API test: loadCvReference() reads a campaign's
// members, the market's results on them and the campaign's tracked domains and groups back through the store
// ports and builds the src/core/metrics inputs; each of CV_REFERENCE_CHECKS asks one campaign-visibility
// endpoint (or a pair) and proves its numbers equal the reference's. A test that changes a campaign reloads
// the reference and runs every check again, so the checks assume nothing about the campaign beyond what the
// demo workspace gives every campaign (tracked domains, tags, keyword groups, SERP history up to CV_CLOCK).
// Every reference metric scores with the reference's `ctr`: the campaign's CTR model (default curve unless given).
import { expect } from 'vitest';
import { CV_BASE } from '@contracts/paths';
import { matchesHostFilter } from '@core/host-match';
import { ctrAt, DEFAULT_CTR_MODEL, type CtrModel } from '@core/metrics/ctr-model';
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
import type { DomainGroup, TrackedDomain } from '@core/model';
import type { ResultType } from '@core/result-types';
import type { Stores } from '@server/context';
import type { Client } from './helpers';

/** The fixed clock the checks' dates are chosen for: the app under test must run with `now: CV_CLOCK.now`. */
export const CV_CLOCK = {
  now: '2025-07-02T09:30:00Z',
  /** The last snapshot date of a demo workspace seeded at `now` (a Monday). */
  end: '2025-06-30',
  /** A Wednesday: keywords use their 2025-06-16 snapshot. */
  midWeek: '2025-06-18',
  /** The default range of a request at `now`. */
  span: { start: '2025-01-02', end: '2025-07-02' },
} as const;

export interface CvReference {
  campaignId: number;
  market: string;
  /** The campaign's keywords with volume, tags and groups, as the RankStore holds them. */
  members: MetricKeyword[];
  data: RankData;
  tracked: TrackedDomain[];
  domainGroups: DomainGroup[];
  /** The tracked domains (in the order the API lists them by default), then every domain group. */
  targets: Target[];
  /** How many of `targets` are tracked domains. */
  domainCount: number;
  groupIds: number[];
  /** The campaign's CTR model: every reference metric scores with it. */
  ctr: CtrModel;
}

/** Reads a campaign as it is now through the store ports (never the API under test). */
export async function loadCvReference(
  stores: Pick<Stores, 'rank' | 'meta'>,
  campaignId: number,
  market: string,
  ctr: CtrModel = DEFAULT_CTR_MODEL,
): Promise<CvReference> {
  const { rank, meta } = stores;
  const membership = new Map((await rank.readCampaignKeywords(campaignId)).map((m) => [m.keywordId, m]));
  const keywords = await rank.readKeywords(market);
  const members: MetricKeyword[] = keywords
    .filter((k) => membership.has(k.id))
    .map((k) => ({
      id: k.id,
      sv: k.sv,
      text: k.text,
      tags: membership.get(k.id)!.tags,
      groups: membership.get(k.id)!.groups,
    }));
  const results: MetricResult[] = [];
  const dates = (await rank.marketSummary(market)).snapshotDates;
  // Read at once: the store answers reads side by side, and a reference is reloaded after every edit.
  const snapshots = await Promise.all(dates.map((d) => rank.readSnapshot(market, d, [...membership.keys()])));
  for (const [i, date] of dates.entries()) {
    for (const r of snapshots[i]!) {
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
  const tracked = await meta.listTrackedDomains(campaignId);
  const domainGroups = await meta.listDomainGroups(campaignId);
  return {
    campaignId,
    market,
    members,
    data: buildRankData(members, results),
    tracked,
    domainGroups,
    targets: [
      ...tracked.map((d) => domainTarget(d.value)),
      ...domainGroups.map((g) => groupTarget(String(g.id), g.members)),
    ],
    domainCount: tracked.length,
    groupIds: domainGroups.map((g) => g.id),
    ctr,
  };
}

/** GETs below one campaign's campaign-visibility base, each expected to answer 200. */
export interface CvApi {
  json(path: string): Promise<any>;
  text(path: string): Promise<string>;
}

export function cvApi(client: Client, campaignId: number): CvApi {
  const base = `${CV_BASE}/${campaignId}`;
  const ok = async (path: string) => {
    const res = await client.get(`${base}/${path}`);
    expect(res.statusCode, `${path}: ${res.body.slice(0, 500)}`).toBe(200);
    return res;
  };
  return {
    json: async (path) => (await ok(path)).json(),
    text: async (path) => (await ok(path)).body,
  };
}

export interface CvReferenceCheck {
  name: string;
  run(api: CvApi, ref: CvReference): Promise<void>;
}

const { span: SPAN, end: END, midWeek: MID_WEEK } = CV_CLOCK;

const groupsQuery = (ref: CvReference) => ref.groupIds.map((id) => `domainGroups=${id}`).join('&');
const idsOf = (ref: CvReference, selection: Parameters<typeof selectKeywords>[1] = {}) =>
  selectKeywords(ref.members, selection).map((k) => k.id);

/** Relative closeness for sums added in a different order (SQL vs JS). */
export function close(actual: number, expected: number, what: string) {
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

/** label → keywords carrying it, as the filter bar counts them. */
function labelCounts(members: readonly MetricKeyword[], kind: 'tags' | 'groups'): Record<string, number> {
  const counts = new Map<string, number>();
  for (const k of members) for (const label of k[kind] ?? []) counts.set(label, (counts.get(label) ?? 0) + 1);
  return Object.fromEntries(counts);
}

const DOMAIN_VARIANTS = [
  { name: 'all keywords', query: '', selection: {}, opts: {} },
  {
    name: 'whole market, organic and video only',
    query: 'useWholeMarket=true&kwResultTypes=organic&kwResultTypes=video',
    selection: {},
    opts: { useWholeMarket: true, resultTypes: ['organic', 'video'] as ResultType[] },
  },
];

export const CV_REFERENCE_CHECKS: readonly CvReferenceCheck[] = [
  {
    name: 'filters: keywords, dates, tags, keyword groups, domains and domain groups the reference sees',
    async run(api, ref) {
      const body = await api.json('filters');
      expect(body.keywords).toBe(ref.members.length);
      expect(body.dates).toEqual(pointDates(ref.data, idsOf(ref), '0000-01-01', '9999-12-31'));
      const counts = (items: { value: string; keywords: number }[]) =>
        Object.fromEntries(items.map((x) => [x.value, x.keywords]));
      expect(counts(body.tags)).toEqual(labelCounts(ref.members, 'tags'));
      expect(counts(body.groups)).toEqual(labelCounts(ref.members, 'groups'));
      expect(body.domains.map((d: { value: string }) => d.value)).toEqual(ref.tracked.map((d) => d.value));
      expect(
        body.domainGroups.map((g: { value: string; members: string[] }) => [g.value, g.members]),
      ).toEqual(ref.domainGroups.map((g) => [String(g.id), g.members]));
    },
  },
  ...DOMAIN_VARIANTS.map((variant): CvReferenceCheck => ({
    name: `domains: ${variant.name}`,
    async run(api, ref) {
      const { data, targets } = ref;
      const body = await api.json(`domains?${groupsQuery(ref)}&${variant.query}`);
      const r0 = domainSummary(data, targets, idsOf(ref, variant.selection), SPAN, {
        ...variant.opts,
        ctr: ref.ctr,
      });
      expect(body.dates).toEqual(r0.dates);
      expect(body.unknownVolume).toBe(r0.unknownVolume);
      expect(body.items).toHaveLength(targets.length);
      r0.targets.forEach((r, i) => {
        const item = body.items[i];
        for (const f of ['visibilityScore', 'visibility', 'share'] as const) {
          close(item[f], r[f], `${r.key}.${f}`);
          closeDeltas(item[`${f}Deltas`], r[`${f}Deltas`], `${r.key}.${f}Deltas`);
          r.series.forEach((p, j) => close(item.series[j][f], p[f], `${r.key}.series[${j}].${f}`));
        }
      });
    },
  })),
  {
    name: 'domains with two tags (AND) and a keyword group over part of the range',
    async run(api, ref) {
      const [tagA, tagB] = [...new Set(ref.members.flatMap((k) => k.tags ?? []))].sort();
      // The first member with a keyword group (a set-up edit may have taken the first member's away).
      const group = ref.members.find((k) => (k.groups ?? []).length > 0)!.groups![0]!;
      const span = { start: '2025-06-09', end: '2025-06-23' };
      for (const [query, selection] of [
        [
          `tags=${encodeURIComponent(tagA!)}&tags=${encodeURIComponent(tagB!)}`,
          { tags: [tagA!, tagB!], isAndFilter: true },
        ],
        [`groups=${encodeURIComponent(group)}`, { groups: [group] }],
      ] as const) {
        // Without domainGroups the API answers for the tracked domains only.
        const body = await api.json(`domains?startDate=${span.start}&endDate=${span.end}&${query}`);
        const r0 = domainSummary(
          ref.data,
          ref.targets.slice(0, ref.domainCount),
          idsOf(ref, selection),
          span,
          { ctr: ref.ctr },
        );
        expect(body.dates).toEqual(r0.dates);
        r0.targets.forEach((r, i) =>
          r.series.forEach((p, j) =>
            close(body.items[i].series[j].visibilityScore, p.visibilityScore, `${query} ${r.key}[${j}]`),
          ),
        );
      }
    },
  },
  {
    name: 'whole-market',
    async run(api, ref) {
      const { data, targets } = ref;
      const body = await api.json(`whole-market?${groupsQuery(ref)}`);
      const points = visibilitySeries(data, targets, idsOf(ref), SPAN, {
        useWholeMarket: true,
        ctr: ref.ctr,
      });
      expect(body.dates).toEqual(points.map((p) => p.date));
      points.forEach((p, j) => {
        close(body.market[j].visibilityScore, p.marketVisibilityScore, `market[${j}]`);
        close(body.market[j].maxVisibilityScore, p.maxVisibilityScore, `max[${j}]`);
        expect(body.market[j].keywords).toBe(p.keywords);
        targets.forEach((tg, i) =>
          close(body.items[i].series[j].share, p.byTarget.get(tg.key)!.share, `${tg.key}[${j}]`),
        );
      });
    },
  },
  {
    name: 'result-type-prominence',
    async run(api, ref) {
      const body = await api.json(`result-type-prominence?${groupsQuery(ref)}`);
      resultTypeProminence(ref.data, ref.targets, idsOf(ref), SPAN, { ctr: ref.ctr }).forEach((r, i) => {
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
    },
  },
  ...(
    [
      ['tags', 'tags'],
      ['visibility-share', 'groups'],
    ] as const
  ).map(([endpoint, kind]): CvReferenceCheck => ({
    name: `${endpoint} (at a mid-week date, whole market)`,
    async run(api, ref) {
      const { data, targets } = ref;
      const body = await api.json(`${endpoint}?date=${MID_WEEK}&useWholeMarket=true&${groupsQuery(ref)}`);
      const r0 = visibilityByLabel(data, targets, idsOf(ref), kind, MID_WEEK, {
        useWholeMarket: true,
        ctr: ref.ctr,
      });
      expect(body.items.map((x: { label: string; keywords: number }) => [x.label, x.keywords])).toEqual(
        r0.map((r) => [r.label, r.keywords]),
      );
      r0.forEach((r, i) =>
        targets.forEach((tg, j) => {
          close(
            body.items[i].domains[j].visibilityScore,
            r.byTarget.get(tg.key)!.visibilityScore,
            `${r.label} ${tg.key}`,
          );
          close(body.items[i].domains[j].share, r.byTarget.get(tg.key)!.share, `${r.label} ${tg.key} share`);
        }),
      );
    },
  })),
  {
    name: 'rank-ranges and search-volume-ranges',
    async run(api, ref) {
      const { data, targets } = ref;
      const ranges = await api.json(`rank-ranges?date=${MID_WEEK}&${groupsQuery(ref)}`);
      targets.forEach((tg, i) => {
        const r0 = rankRanges(data, tg, idsOf(ref), MID_WEEK);
        expect(
          Object.fromEntries(
            ranges.items[i].ranges.map((r: { key: string; keywords: number }) => [r.key, r.keywords]),
          ),
        ).toEqual(r0);
      });
      const volumes = await api.json(`search-volume-ranges?date=${MID_WEEK}&${groupsQuery(ref)}`);
      searchVolumeRanges(data, targets, idsOf(ref), MID_WEEK, { ctr: ref.ctr }).forEach((r, i) => {
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
    },
  },
  {
    name: 'competitors',
    async run(api, ref) {
      const { data } = ref;
      const body = await api.json('competitors?limit=50');
      const r0 = competitorsLeague(data, idsOf(ref), SPAN, { limit: 50, ctr: ref.ctr });
      expect([body.startDate, body.endDate]).toEqual([r0.start, r0.end]);
      expect(body.total).toBe(
        [...domainScores(data, idsOf(ref), r0.end!, { ctr: ref.ctr }).values()].filter((v) => v > 0).length,
      );
      expect(
        body.items.map((x: { domain: string; rank: number; rankChange: number | null }) => [
          x.domain,
          x.rank,
          x.rankChange,
        ]),
      ).toEqual(r0.rows.map((r) => [r.domain, r.rank, r.rankChange]));
      r0.rows.forEach((r, i) => {
        close(body.items[i].visibilityScore, r.visibilityScore, r.domain);
        close(body.items[i].share, r.share, `${r.domain} share`);
        closeDeltas(body.items[i].visibilityScoreDeltas, r.visibilityScoreDeltas, r.domain);
      });
    },
  },
  {
    name: 'visibility-score-lost',
    async run(api, ref) {
      const body = await api.json(`visibility-score-lost?top=5&${groupsQuery(ref)}`);
      const r0 = visibilityScoreLost(ref.data, ref.targets, idsOf(ref), SPAN, { top: 5, ctr: ref.ctr });
      expect([body.startDate, body.endDate]).toEqual([r0.start, r0.end]);
      r0.targets.forEach((r, i) => {
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
    },
  },
  {
    name: 'ranking/keywords: every keyword, every target, as the reference scores them',
    async run(api, ref) {
      const { data, targets } = ref;
      const body = await api.json(
        `ranking/keywords?date=${END}&pageSize=1000&sortField=visibilityScoreDeltas|0&sortDirection=desc&${groupsQuery(ref)}`,
      );
      const dates = pointDates(data, idsOf(ref), SPAN.start, END);
      const [start, end] = [dates[0]!, dates[dates.length - 1]!];
      expect([body.startDate, body.endDate]).toEqual([start, end]);
      expect(body.total).toBe(ref.members.length);
      const deltas: number[] = [];
      for (const item of body.items) {
        targets.forEach((tg, i) => {
          const cell = item.domains[i];
          expect(cell.position, `${item.keyword} ${tg.key}`).toBe(
            bestPosition(data, tg, item.keywordId, end),
          );
          const vs = keywordScore(data, tg, item.keywordId, end, { ctr: ref.ctr });
          close(cell.visibilityScore, vs, `${item.keyword} ${tg.key} VS`);
          close(
            cell.visibilityScoreDeltas.delta,
            vs - keywordScore(data, tg, item.keywordId, start, { ctr: ref.ctr }),
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
    },
  },
  {
    name: 'ranking/urls: the first domain’s URLs as the reference scores them',
    async run(api, ref) {
      const { data } = ref;
      const body = await api.json(`ranking/urls?date=${END}&pageSize=1000`);
      const tg = ref.targets[0]!;
      const dates = pointDates(data, idsOf(ref), SPAN.start, END);
      const [start, end] = [dates[0]!, dates[dates.length - 1]!];
      const expected = new Map<string, { kw: number; kw0: number; vs: number; vs0: number }>();
      for (const id of idsOf(ref)) {
        const k = data.keywords.get(id)!;
        for (const [d, which] of [
          [start, 0],
          [end, 1],
        ] as const) {
          const seen = new Set<string>();
          for (const r of snapshotAt(data, id, d)?.results ?? []) {
            if (!tg.filters.some((f) => matchesHostFilter(f, r))) continue;
            const e = expected.get(r.url) ?? { kw: 0, kw0: 0, vs: 0, vs0: 0 };
            const score = k.sv === null ? 0 : k.sv * ctrAt(ref.ctr, r.position);
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
    },
  },
  {
    name: 'autocomplete: domains by VS at the date',
    async run(api, ref) {
      const body = await api.json(`autocomplete?q=co.uk&date=${MID_WEEK}&limit=5`);
      const scores = domainScores(ref.data, idsOf(ref), MID_WEEK, { ctr: ref.ctr });
      const domains = body.domains.filter((d: { kind: string }) => d.kind === 'domain');
      for (const d of domains) close(d.visibilityScore, scores.get(d.value)!, d.value);
      const top = [...scores]
        .filter(([d, v]) => d.includes('co.uk') && v > 0)
        .sort((a, b) => b[1] - a[1])[0]!;
      expect(body.domains[0].value).toBe(top[0]);
    },
  },
  {
    name: 'csv/keywords streams exactly the table’s rows',
    async run(api) {
      const table = await api.json(
        `ranking/keywords?date=${END}&pageSize=1000&sortField=keyword&sortDirection=asc`,
      );
      const csv = await api.text(`csv/keywords?date=${END}&sortField=keyword&sortDirection=asc`);
      const lines = csv.slice(1).trimEnd().split('\r\n');
      expect(lines).toHaveLength(1 + table.total);
      expect(lines.slice(1).map((l: string) => l.split(',')[0])).toEqual(
        table.items.map((i: { keyword: string }) => i.keyword),
      );
    },
  },
];
