// Random data and random series queries for the planner's property test (plan-series.test.ts), with the
// src/core reference answer of each query (its series, result-type prominence rows, league, label reads and
// best-position counts).
// A seeded generator: per market, keywords with volumes (some unknown), tags and groups; two campaigns (every
// keyword, and a subset); weekly snapshots where some weeks put every keyword on the same day (so the rollup
// may answer) and others scatter them over the week (so it may not); pages of results on a few hosts and
// paths with rotating result types.
import { DEFAULT_CTR, MAX_POSITION } from '@core/ctr';
import { addDays } from '@core/date-range';
import { parseHostFilter } from '@core/host-match';
import {
  bestPosition,
  buildRankData,
  searchVolumeRanges,
  domainScores,
  labelAnalysis,
  pointDates,
  selectKeywords,
  unknownVolume,
  visibilityByLabel,
  visibilityPoint,
  visibilitySeries,
  type MetricKeyword,
  type MetricResult,
} from '@core/metrics';
import { mergedResultType } from '@core/metrics/rank-data';
import { SEARCH_VOLUME_RANGES } from '@core/metrics/ranges';
import { PROMINENCE_TYPES } from '@core/metrics/result-type-prominence';
import { resultTypeCode, type ResultType } from '@core/result-types';
import {
  labelPoints,
  type CvBestPositionCount,
  type CvDated,
  type CvDomainScore,
  type CvLabelPoint,
  type CvLabelScore,
  type CvScope,
  type CvSeries,
  type CvSpan,
  type CvTarget,
  type CvTypeScore,
  type CvVolumeBucket,
} from '@storage/campaign-visibility-reads';
import type { RankStore, SerpResultInput } from '@storage/rank-store';

/** A small deterministic generator (mulberry32): the same seed, the same data and queries. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  const some = <T>(xs: readonly T[], p: number): T[] => xs.filter(() => next() < p);
  return { next, int, pick, some };
}
type Random = ReturnType<typeof random>;

const HOSTS = ['www.a.com', 'shop.a.com', 'a.com', 'b.com', 'www.b.com', 'c.org', 'd.net'];
const PATHS = ['/', '/x', '/x/k1', '/xy', '/y/z'];
const TYPES: ResultType[] = ['organic', 'brand', 'featured_snippet', 'video', 'local_pack'];
const TAGS = ['red', 'green', 'blue'];
const GROUPS = ['g1', 'g2'];
/** Monday of the first week; six weeks of snapshots follow. */
const FIRST = '2026-01-05';
const WEEKS = 6;

const target = (key: string, ...values: string[]): CvTarget => ({
  key,
  filters: values.map((v) => parseHostFilter(v)!),
});
/** Domains, hosts, paths and groups, some overlapping, one unknown. */
const TARGET_POOL: CvTarget[] = [
  target('a.com', 'a.com'),
  target('www.a.com', 'www.a.com'),
  target('b.com', 'b.com'),
  target('c.org', 'c.org'),
  target('www.a.com/x', 'www.a.com/x'),
  target('paths', 'www.a.com/x', 'www.a.com/x/k1', 'shop.a.com/y'),
  target('group', 'a.com', 'www.a.com', 'b.com'),
  target('path in domain', 'a.com', 'www.a.com/y'),
  target('nowhere', 'unknown.example'),
];
const STEEP = DEFAULT_CTR.map((c, i) => (i < 3 ? c * 2 : c / 2));

/** One market's generated data: what the store is given and what the reference reads. */
export interface MarketData {
  market: string;
  /** Campaign ids: [every keyword, a subset]. */
  campaigns: [number, number];
  keywords: (MetricKeyword & { text: string })[];
  members: Map<number, MetricKeyword[]>;
  results: SerpResultInput[];
}

export function generateMarket(seed: number, market: string, campaignBase: number): MarketData {
  const r = random(seed);
  const keywords = Array.from({ length: r.int(6, 12) }, (_, i) => ({
    id: 0,
    text: `kw ${seed} ${i}`,
    sv: r.next() < 0.15 ? null : r.int(0, 5000),
    tags: r.some(TAGS, 0.4),
    groups: r.some(GROUPS, 0.3),
  }));
  const results: SerpResultInput[] = [];
  for (let w = 0; w < WEEKS; w += 1) {
    const monday = addDays(FIRST, 7 * w);
    const together = r.next() < 0.5;
    for (let k = 0; k < keywords.length; k += 1) {
      if (r.next() < 0.1) continue;
      const date = together ? monday : addDays(monday, r.int(0, 4));
      const positions = new Set<number>();
      const n = r.int(1, 8);
      while (positions.size < n) positions.add(r.next() < 0.8 ? r.int(1, 20) : r.int(21, MAX_POSITION));
      for (const position of positions) {
        results.push({
          market,
          keywordId: k, // index until the ids are known
          date,
          position,
          resultType: r.pick(TYPES),
          url: `https://${r.pick(HOSTS)}${r.pick(PATHS)}`,
        });
      }
    }
  }
  const members = new Map<number, MetricKeyword[]>([
    [campaignBase + 1, keywords],
    [campaignBase + 2, keywords.filter((_, i) => i % 3 !== 1)],
  ]);
  return { market, campaigns: [campaignBase + 1, campaignBase + 2], keywords, members, results };
}

/** Writes a market through the RankStore port; keyword ids are filled in. */
export async function writeMarket(rank: RankStore, d: MarketData): Promise<void> {
  const ids = await rank.upsertKeywords(
    d.market,
    d.keywords.map((k) => ({ text: k.text, sv: k.sv })),
  );
  for (const k of d.keywords) k.id = ids.get(k.text)!;
  for (const [campaignId, members] of d.members) {
    await rank.setCampaignKeywords(
      campaignId,
      d.market,
      members.map((k) => ({ keywordId: k.id, tags: [...(k.tags ?? [])], groups: [...(k.groups ?? [])] })),
    );
  }
  d.results = d.results.map((x) => ({ ...x, keywordId: d.keywords[x.keywordId]!.id }));
  await rank.insertSerpResults(d.results);
}

export interface SeriesCase {
  where: string;
  scope: CvScope;
  targets: CvTarget[];
  span: CvSpan;
  market: boolean;
}

/** A random series query over the market's data: keyword filters, types, CTR model, targets, span. */
export function randomCase(r: Random, d: MarketData, n: number): SeriesCase {
  const campaignId = r.pick(d.campaigns);
  const filtered = r.next() < 0.4;
  const scope: CvScope = {
    campaignId,
    market: d.market,
    tags: filtered && r.next() < 0.5 ? r.some(TAGS, 0.5) : [],
    tagsMatch: r.pick(['any', 'all'] as const),
    groups: filtered && r.next() < 0.4 ? r.some(GROUPS, 0.6) : [],
    keywords: filtered && r.next() < 0.4 ? r.some(d.keywords, 0.5).map((k) => k.text) : [],
    resultTypes: r.next() < 0.6 ? [] : r.some(TYPES, 0.5),
    ctr: r.pick([DEFAULT_CTR, STEEP, DEFAULT_CTR.map(() => r.next() / 4)]),
  };
  const start = addDays(FIRST, r.int(-10, 7 * WEEKS));
  const span = { start, end: addDays(start, r.int(0, 7 * WEEKS)) };
  const targets = r.some(TARGET_POOL, 0.45);
  return { where: `${d.market} case ${n}`, scope, targets, span, market: r.next() < 0.6 };
}

/** The scoring options of a case (its CTR model and counted result types). */
export const caseOptions = (c: SeriesCase) => ({
  ctr: { id: 'case', values: c.scope.ctr },
  resultTypes: c.scope.resultTypes,
});

/** The src/core rank data of a case's market and the campaign's keywords its filters select. */
export function caseData(d: MarketData, c: SeriesCase) {
  const members = d.members.get(c.scope.campaignId)!;
  const data = buildRankData(
    members,
    d.results.map((x): MetricResult => ({
      keywordId: x.keywordId,
      date: x.date,
      position: x.position,
      resultType: x.resultType,
      url: x.url,
    })),
  );
  const selected = selectKeywords(members, {
    tags: c.scope.tags,
    isAndFilter: c.scope.tagsMatch === 'all',
    groups: c.scope.groups,
    keywords: c.scope.keywords,
  });
  return { data, selected };
}

/** The src/core answer of a series case (visibilitySeries over the campaign's selected keywords). */
export function referenceSeries(d: MarketData, c: SeriesCase): CvSeries {
  const { data, selected } = caseData(d, c);
  const points = visibilitySeries(
    data,
    c.targets,
    selected.map((k) => k.id),
    c.span,
    caseOptions(c),
  );
  return {
    unknownVolume: unknownVolume(selected),
    keywords: selected.length,
    points: points.map((p) => ({
      date: p.date,
      keywords: p.keywords,
      maxVisibilityScore: p.maxVisibilityScore,
      marketVisibilityScore: c.market ? p.marketVisibilityScore : null,
      visibilityScores: c.targets.map((t) => p.byTarget.get(t.key)!.visibilityScore),
    })),
  };
}

/**
 * The src/core answer of a case's result-type prominence rows: per merged type counted by the case, the
 * series with that type alone (visibilitySeries), its positive target scores, ordered by date, target and
 * type code as the port orders them.
 */
export function referenceTypeScores(d: MarketData, c: SeriesCase): CvDated<CvTypeScore> {
  const counted = new Set(c.scope.resultTypes.map(mergedResultType));
  const rows: CvTypeScore[] = [];
  for (const type of PROMINENCE_TYPES) {
    if (counted.size > 0 && !counted.has(type)) continue;
    const one = referenceSeries(d, { ...c, scope: { ...c.scope, resultTypes: [type] }, market: false });
    for (const p of one.points) {
      p.visibilityScores.forEach((vs, target) => {
        if (vs > 0) rows.push({ date: p.date, target, resultType: type, visibilityScore: vs });
      });
    }
  }
  const key = (r: CvTypeScore) => [r.date, r.target, resultTypeCode(r.resultType)] as const;
  rows.sort((a, b) => {
    const [da, ta, ra] = key(a);
    const [db, tb, rb] = key(b);
    return da < db ? -1 : da > db ? 1 : ta - tb || ra - rb;
  });
  return { dates: referenceSeries(d, { ...c, market: false }).points.map((p) => p.date), rows };
}

/** The point dates a case's league is asked at: the first and last of its span (as the league service). */
export const leagueDates = (c: SeriesCase): string[] => [...new Set([c.span.start, c.span.end])];

/**
 * The src/core answer of a case's competitors-league read (domainScores at each league date): the domains
 * with a positive VS, ordered by date and domain (VS ties may order either way after sums in another order,
 * so the test orders both sides alike).
 */
export function referenceDomainScores(d: MarketData, c: SeriesCase): CvDomainScore[] {
  const { data, selected } = caseData(d, c);
  const opts = caseOptions(c);
  return leagueDates(c).flatMap((date) =>
    [
      ...domainScores(
        data,
        selected.map((k) => k.id),
        date,
        opts,
      ),
    ]
      .filter(([, vs]) => vs > 0)
      .map(([domain, visibilityScore]) => ({ date, domain, visibilityScore }))
      .sort(byDateAndDomain),
  );
}

/** Orders league rows by date, then domain. */
export function byDateAndDomain(a: CvDomainScore, b: CvDomainScore): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0;
}

/**
 * The src/core answer of a case's visibility share by label at `date` (visibilityByLabel), with each label's
 * market VS (visibilityPoint over its keywords) when the case asks for it.
 */
export function referenceLabelScores(
  d: MarketData,
  c: SeriesCase,
  kind: 'tags' | 'groups',
  date: string,
): CvLabelScore[] {
  const { data, selected } = caseData(d, c);
  const opts = caseOptions(c);
  return visibilityByLabel(
    data,
    c.targets,
    selected.map((k) => k.id),
    kind,
    date,
    opts,
  ).map((row) => {
    const ids = selected.filter((k) => (k[kind] ?? []).includes(row.label)).map((k) => k.id);
    return {
      label: row.label,
      keywords: row.keywords,
      marketVisibilityScore: c.market
        ? visibilityPoint(data, c.targets, ids, date, opts).marketVisibilityScore
        : null,
      visibilityScores: c.targets.map((t) => row.byTarget.get(t.key)!.visibilityScore),
    };
  });
}

/** The src/core answer of a case's Tag Analysis read (labelAnalysis at the points labelSeries reads). */
export function referenceLabelSeries(
  d: MarketData,
  c: SeriesCase,
  kind: 'tags' | 'groups',
  pick: 'all' | 'ends',
): CvLabelPoint[] {
  const { data, selected } = caseData(d, c);
  const ids = selected.map((k) => k.id);
  const read = new Set(labelPoints(pointDates(data, ids, c.span.start, c.span.end), pick));
  return labelAnalysis(data, c.targets, ids, kind, c.span, caseOptions(c)).filter((r) => read.has(r.date));
}

/**
 * The src/core answer of a case's rank-range counts at `date`: per target, each best position (bestPosition)
 * with how many selected keywords have it, by target, then position.
 */
export function referenceBestPositions(d: MarketData, c: SeriesCase, date: string): CvBestPositionCount[] {
  const { data, selected } = caseData(d, c);
  const opts = caseOptions(c);
  return c.targets.flatMap((t, target) => {
    const keywords = new Map<number, number>();
    for (const k of selected) {
      const best = bestPosition(data, t, k.id, date, opts);
      if (best !== null) keywords.set(best, (keywords.get(best) ?? 0) + 1);
    }
    return [...keywords]
      .sort(([a], [b]) => a - b)
      .map(([position, n]) => ({ target, position, keywords: n }));
  });
}

/** The volume buckets' upper bounds the server asks for: every search-volume range's but the open last one. */
export const VOLUME_BOUNDS = SEARCH_VOLUME_RANGES.slice(0, -1).map((r) => r.max);

/**
 * The src/core answer of a case's search-volume ranges at `date` (searchVolumeRanges) as the store's
 * buckets over VOLUME_BOUNDS: the range's index (null for unknown volume), ranges without keywords left out.
 */
export function referenceVolumeBuckets(d: MarketData, c: SeriesCase, date: string): CvVolumeBucket[] {
  const { data, selected } = caseData(d, c);
  const ids = selected.map((k) => k.id);
  return searchVolumeRanges(data, c.targets, ids, date, caseOptions(c))
    .filter((r) => r.keywords > 0)
    .map((r) => ({
      bucket: r.key === 'unknown' ? null : SEARCH_VOLUME_RANGES.findIndex((x) => x.key === r.key),
      keywords: r.keywords,
      ranking: c.targets.map((t) => r.byTarget.get(t.key)!.ranking),
      visibilityScores: c.targets.map((t) => r.byTarget.get(t.key)!.visibilityScore),
    }))
    .sort((a, b) => (a.bucket ?? Infinity) - (b.bucket ?? Infinity));
}
