// The demo workspace plan: everything the demo seeder writes, derived only from a seed — markets,
// keywords with volumes, tags and groups, hosts and their weights, three projects with campaigns, tracked
// domains and domain groups, and the per-week trajectories of the story sites. `demoSerpPlan` turns it into
// the compact parameters a RankStore expands into SERP rows inside the database (RankStore.generateDemoSerps).
import type { Market } from '../model';
import { normaliseKeyword } from '../keyword';
import { mondayOnOrBefore, isMonday, weeklyDates } from './dates';
import { DEMO_FEATURES, DEMO_SITELINKS_AFTER, DEMO_SITELINKS_PER_MILLE, type DemoFeature } from './features';
import { buildHosts, buildPools, POOL_SLOTS, topShare, type DemoHost, type DemoPool } from './hosts';
import { buildTopics, generateKeywords, VERTICALS, type DemoKeywords, type TopicTable } from './keywords';
import type { DemoCountry } from './lexicon';
import { paletteColour } from './palette';
import { deriveSeed, Rng } from './prng';
import {
  DEMO_PROJECTS,
  storyHosts,
  storyParams,
  type DemoDomainGroup,
  type DemoProjectSpec,
  type DemoTrackedDomain,
  type StoryParams,
} from './stories';

export const DEMO_MARKETS: readonly (Market & { countryCode: DemoCountry })[] = [
  {
    code: 'gb-en',
    country: 'gb',
    language: 'en',
    device: 'desktop',
    engine: 'google',
    name: 'United Kingdom (English)',
    countryCode: 'gb',
  },
  {
    code: 'us-en',
    country: 'us',
    language: 'en',
    device: 'desktop',
    engine: 'google',
    name: 'United States (English)',
    countryCode: 'us',
  },
];

export interface BuildDemoPlanOptions {
  seed: number;
  keywordsPerMarket?: number;
  weeks?: number;
  hosts?: number;
  /** Last snapshot date, a Monday (`YYYY-MM-DD`). */
  endDate: string;
  /** Market codes to include (default both); projects in other markets are left out. */
  markets?: readonly string[];
}

export interface DemoMarketPlan {
  market: Market;
  country: DemoCountry;
  keywords: DemoKeywords;
}

export interface DemoColoured<T> {
  item: T;
  color: string;
}

export interface DemoProjectPlan {
  spec: DemoProjectSpec;
  /** Indices into the market's keywords of the campaign's keywords. */
  campaignKeywords: Int32Array;
  tracked: DemoColoured<DemoTrackedDomain>[];
  groups: DemoColoured<DemoDomainGroup>[];
}

/** A story site's trajectory in one market and vertical; `host` and `altHost` index DemoPlan.hosts. */
export interface DemoStory {
  market: string;
  vertical: number;
  project: DemoProjectSpec['key'];
  host: number;
  altHost: number | null;
  /** Share of the site's rankings held by altHost. */
  altShare: number;
  params: StoryParams;
}

export interface DemoPlanHost extends DemoHost {
  /** First topic the host's pages cover and how many pages it has (page i covers topic firstTopic + i). */
  firstTopic: number;
  pages: number;
}

export interface DemoPlan {
  seed: number;
  endDate: string;
  dates: string[];
  markets: DemoMarketPlan[];
  topics: TopicTable;
  hosts: DemoPlanHost[];
  pools: DemoPool[];
  videoHost: number;
  projects: DemoProjectPlan[];
  stories: DemoStory[];
}

/** Most keywords a demo campaign tracks (a few thousand of its vertical's keywords). */
const CAMPAIGN_MAX = 5000;
const CAMPAIGN_SHARE = 0.6;

function pagesFor(share: number, scope: number): number {
  return Math.max(3, Math.min(scope, Math.round(scope * Math.min(1, 30 * share))));
}

function campaignKeywords(k: DemoKeywords, vertical: number, rng: Rng): Int32Array {
  const inVertical: number[] = [];
  k.vertical.forEach((v, i) => {
    if (v === vertical) inVertical.push(i);
  });
  const size = Math.min(CAMPAIGN_MAX, Math.round(inVertical.length * CAMPAIGN_SHARE));
  return Int32Array.from(rng.shuffle(inVertical).slice(0, size)).sort();
}

/** Builds the whole demo workspace from a seed; the same options always give the same plan. */
export function buildDemoPlan(options: BuildDemoPlanOptions): DemoPlan {
  const { seed, endDate, keywordsPerMarket = 20_000, weeks = 26, hosts: hostCount = 6000 } = options;
  if (!isMonday(endDate))
    throw new RangeError(`endDate must be a Monday, got ${endDate} (${mondayOnOrBefore(endDate)}?)`);
  if (!Number.isInteger(weeks) || weeks < 1) throw new RangeError('weeks must be a positive integer');
  if (!Number.isInteger(keywordsPerMarket) || keywordsPerMarket < 100) {
    throw new RangeError('keywordsPerMarket must be an integer ≥ 100');
  }
  const wanted = options.markets ?? DEMO_MARKETS.map((m) => m.code);
  const markets = DEMO_MARKETS.filter((m) => wanted.includes(m.code));
  if (markets.length === 0) throw new RangeError(`no demo market among ${wanted.join(', ')}`);
  const year = Number(endDate.slice(0, 4));
  const topics = buildTopics(markets.map((m) => m.countryCode));

  const marketPlans: DemoMarketPlan[] = markets.map(({ countryCode, ...market }) => ({
    market,
    country: countryCode,
    keywords: normalised(
      generateKeywords(
        countryCode,
        keywordsPerMarket,
        topics,
        year,
        new Rng(deriveSeed(seed, `keywords:${market.code}`)),
      ),
    ),
  }));

  const specs = DEMO_PROJECTS.filter((p) => markets.some((m) => m.code === p.market));
  const baseHosts = buildHosts(hostCount, storyHosts(specs), new Rng(deriveSeed(seed, 'hosts')));
  const pools = buildPools(
    baseHosts,
    markets.map((m) => ({ code: m.code, country: m.countryCode })),
  );
  const shares = topShare(pools, baseHosts.length);
  const hosts: DemoPlanHost[] = baseHosts.map((h, i) => {
    const vertical = h.vertical;
    const firstTopic = vertical === null ? 0 : topics.verticalStart[vertical]!;
    const scope = vertical === null ? topics.slugs.length : topics.verticalCount[vertical]!;
    const wide = h.kind === 'story' || h.kind === 'video';
    return { ...h, firstTopic, pages: wide ? scope : pagesFor(shares[i]!, scope) };
  });
  const hostIndex = new Map(hosts.map((h, i) => [h.host, i]));
  const videoHost = hosts.findIndex((h) => h.kind === 'video');

  const storyRng = new Rng(deriveSeed(seed, 'stories'));
  const stories: DemoStory[] = [];
  const projects: DemoProjectPlan[] = specs.map((spec) => {
    for (const s of spec.storySites) {
      stories.push({
        market: spec.market,
        vertical: spec.vertical,
        project: spec.key,
        host: hostIndex.get(s.host)!,
        altHost: s.altHost === undefined ? null : hostIndex.get(s.altHost)!,
        altShare: s.altShare ?? 0,
        params: storyParams(s.kind, weeks, storyRng),
      });
    }
    const market = marketPlans.find((m) => m.market.code === spec.market)!;
    const rng = new Rng(deriveSeed(seed, `campaign:${spec.key}`));
    return {
      spec,
      campaignKeywords: campaignKeywords(market.keywords, spec.vertical, rng),
      tracked: spec.tracked.map((item, i) => ({ item, color: paletteColour(i) })),
      groups: spec.groups.map((item, i) => ({ item, color: paletteColour(spec.tracked.length + i) })),
    };
  });

  return {
    seed: seed >>> 0,
    endDate,
    dates: weeklyDates(endDate, weeks),
    markets: marketPlans,
    topics,
    hosts,
    pools,
    videoHost,
    projects,
    stories,
  };
}

function normalised(k: DemoKeywords): DemoKeywords {
  return { ...k, texts: k.texts.map(normaliseKeyword) };
}

/** Tags and keyword groups of keyword i of a market, for campaign membership. */
export function keywordLabels(k: DemoKeywords, i: number): { tags: string[]; groups: string[] } {
  return { tags: [...k.tagSets[k.tagSet[i]!]!], groups: [k.groups[k.group[i]!]!] };
}

export interface DemoSerpHost {
  host: string;
  domain: string;
  firstTopic: number;
  pages: number;
  pathPrefixes: readonly string[];
}

export interface DemoSerpMarket {
  market: string;
  /** RankStore keyword ids; index i is the keyword's ordinal, which seeds its SERPs. */
  keywordIds: Int32Array;
  vertical: Uint8Array;
  /** Topic index (into DemoSerpPlan.topics) per keyword. */
  topic: Int32Array;
  /** Intent code (index into INTENTS) per keyword. */
  intent: Uint8Array;
}

export interface DemoSerpStory {
  market: string;
  vertical: number;
  host: number;
  altHost: number | null;
  /** Share of the story's rankings on altHost, 0–1. */
  altShare: number;
  spread: number;
  volatility: number;
  /** Per week: typical position and coverage (share of the vertical's keywords ranked for, 0–1). */
  track: readonly { target: number; coverage: number }[];
}

/**
 * Parameters of the demo SERP history; every RankStore adapter expands them the same way (the DuckDB
 * adapter's demo-sql.ts is the reference, with every constant):
 *
 * - URLs: host h has pages 0…pages−1; page i is `https://{host}{pathPrefixes[i mod n]}{topics[firstTopic + i]}`.
 *   A result of host h on a keyword of topic t shows page (t − firstTopic + k) mod pages, k being 0 for the
 *   main result and 1, 2 for its sitelinks.
 * - Hashing: H(x) = Mueller's 32-bit mix of x mod 2³² (prng.mix32). Per keyword (ordinal o, topic t, market
 *   index m): hk = H(seed + m·1000003 + o), ht = H(seed + m·1000003 + 7919·t + 17); per week an epoch that
 *   advances every 4–13 weeks (from hk) and he = H(hk xor (epoch·40503 + 1)).
 * - Background hosts: pools[(m · verticals + vertical) · 2 + tier].hostBySlot, poolSlots slots each. Positions
 *   1–10 take slot (u + j · poolSlots/10), j = (a · p mod 11) − 1, a systematic draw that never repeats a
 *   host; positions 11–100 take slot (v + (p − 11) · poolSlots/90) from tier 1. u, v and a come from ht
 *   (keywords of one topic share SERPs) with per-keyword offsets from hk and a small drift from he.
 * - Features: laid out per keyword and week as described in ./features.ts; video results go to videoHost.
 * - Stories: a story ranks on a keyword of its market and vertical when H(hk xor salt) mod 10000 <
 *   coverage·10000, at position target · e^(u·spread), moved ±1 in a week with probability volatility unless
 *   that position is in the top 3 (top rankings are sticky); when stories collide on a position the earlier
 *   story (plan order) keeps it. Story hosts are in no pool, so a story site ranks only where placed.
 */
export interface DemoSerpPlan {
  seed: number;
  dates: readonly string[];
  verticals: number;
  poolSlots: number;
  topics: readonly string[];
  hosts: readonly DemoSerpHost[];
  pools: readonly DemoPool[];
  markets: readonly DemoSerpMarket[];
  stories: readonly DemoSerpStory[];
  videoHost: number;
  features: readonly DemoFeature[];
  sitelinksPerMille: readonly number[];
  sitelinksAfter: number;
}

/** The SERP parameters of a plan, once the RankStore has issued ids for every market's keywords. */
export function demoSerpPlan(plan: DemoPlan, keywordIds: ReadonlyMap<string, Int32Array>): DemoSerpPlan {
  const markets = plan.markets.map((m) => {
    const ids = keywordIds.get(m.market.code);
    if (ids === undefined || ids.length !== m.keywords.texts.length) {
      throw new RangeError(`keyword ids of ${m.market.code} missing or incomplete`);
    }
    return {
      market: m.market.code,
      keywordIds: ids,
      vertical: m.keywords.vertical,
      topic: m.keywords.topic,
      intent: m.keywords.intent,
    };
  });
  return {
    seed: plan.seed,
    dates: plan.dates,
    verticals: VERTICALS.length,
    poolSlots: POOL_SLOTS,
    topics: plan.topics.slugs,
    hosts: plan.hosts.map((h) => ({
      host: h.host,
      domain: h.domain,
      firstTopic: h.firstTopic,
      pages: h.pages,
      pathPrefixes: h.pathPrefixes,
    })),
    pools: plan.pools,
    markets,
    stories: plan.stories.map((s) => ({
      market: s.market,
      vertical: s.vertical,
      host: s.host,
      altHost: s.altHost,
      altShare: s.altShare,
      spread: s.params.spread,
      volatility: s.params.volatility,
      track: s.params.track,
    })),
    videoHost: plan.videoHost,
    features: DEMO_FEATURES,
    sitelinksPerMille: DEMO_SITELINKS_PER_MILLE,
    sitelinksAfter: DEMO_SITELINKS_AFTER,
  };
}

/** Checks a SERP plan before an adapter turns it into SQL: pools, dates, columns and stories must line up. */
export function checkDemoSerpPlan(plan: DemoSerpPlan): void {
  const fail = (why: string) => {
    throw new RangeError(`invalid demo SERP plan: ${why}`);
  };
  if (plan.poolSlots % 90 !== 0) fail('poolSlots must be divisible by 90');
  if (plan.pools.length !== plan.markets.length * plan.verticals * 2)
    fail('one pool per market, vertical, tier');
  plan.pools.forEach((p, i) => {
    const expected = Math.floor(i / (plan.verticals * 2));
    if (p.market !== plan.markets[expected]?.market || p.vertical !== Math.floor(i / 2) % plan.verticals) {
      fail(`pool ${i} out of order`);
    }
    if (p.tier !== i % 2 || p.hostBySlot.length !== plan.poolSlots)
      fail(`pool ${i} has the wrong tier or size`);
  });
  for (const d of plan.dates) if (!/^\d{4}-\d{2}-\d{2}$/u.test(d)) fail(`bad date ${d}`);
  for (const m of plan.markets) {
    const n = m.keywordIds.length;
    if (m.vertical.length !== n || m.topic.length !== n || m.intent.length !== n)
      fail(`${m.market} columns differ`);
  }
  for (const st of plan.stories) {
    if (st.track.length !== plan.dates.length) fail('a story track needs one point per date');
    if (!plan.markets.some((m) => m.market === st.market)) fail(`story in unknown market ${st.market}`);
  }
  if (plan.hosts[plan.videoHost] === undefined) fail('video host missing');
}
