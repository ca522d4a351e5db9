// The demo web: a few thousand plausible sites per vertical (registrable domains, www and bare hosts, some
// subdomains such as blog.x.com), a handful of big generic sites (encyclopedia-, marketplace-, forum-,
// video-like) and their power-law weights. Weights become slot tables (DemoPool) from which SERP
// generation draws hosts: a host's share of a pool's slots is its chance to fill a sampled position.
import { registrableDomain } from '../host-match';
import { list, type DemoCountry } from './lexicon';
import type { Rng } from './prng';

export type DemoHostKind = 'generic' | 'vertical' | 'story' | 'video';

export interface DemoHost {
  host: string;
  /** Registrable domain (public suffix list). */
  domain: string;
  kind: DemoHostKind;
  /** Vertical index for vertical and story hosts; null for generic and video hosts. */
  vertical: number | null;
  /** Market country the site serves; null when it serves both. */
  country: DemoCountry | null;
  /** Target share of the top-10 draws per vertical (generic hosts) or relative weight (vertical hosts). */
  weight: number[];
  /** URL path prefixes, e.g. `/guides/`; page i uses prefix i mod length. */
  pathPrefixes: string[];
}

interface GenericSpec {
  host: string;
  country: DemoCountry | null;
  /** Share of the top-10 draws in travel, finance, home, tech. */
  share: [number, number, number, number];
  paths: string[];
}

/** Big sites that rank across verticals (fictional names modelled on the familiar ones). */
const GENERIC: GenericSpec[] = [
  { host: 'en.openpedia.org', country: null, share: [0.03, 0.03, 0.025, 0.035], paths: ['/wiki/'] },
  { host: 'www.shopzon.com', country: 'us', share: [0.004, 0, 0.04, 0.05], paths: ['/dp/', '/s/'] },
  { host: 'www.shopzon.co.uk', country: 'gb', share: [0.004, 0, 0.04, 0.05], paths: ['/dp/', '/s/'] },
  { host: 'www.threadit.com', country: null, share: [0.02, 0.025, 0.02, 0.03], paths: ['/r/'] },
  { host: 'www.askhive.com', country: null, share: [0.005, 0.006, 0.006, 0.006], paths: ['/q/'] },
  { host: 'www.pinspire.com', country: null, share: [0.006, 0, 0.025, 0.002], paths: ['/ideas/'] },
  { host: 'uk.pinspire.com', country: 'gb', share: [0.003, 0, 0.012, 0], paths: ['/ideas/'] },
  { host: 'www.friendbook.com', country: null, share: [0.003, 0.003, 0.004, 0.003], paths: ['/groups/'] },
  { host: 'www.chirper.com', country: null, share: [0.001, 0.002, 0.001, 0.003], paths: ['/topic/'] },
  { host: 'www.linkedwork.com', country: null, share: [0, 0.004, 0, 0.002], paths: ['/pulse/'] },
  { host: 'www.bidbay.com', country: 'us', share: [0, 0, 0.012, 0.02], paths: ['/b/'] },
  { host: 'www.bidbay.co.uk', country: 'gb', share: [0, 0, 0.012, 0.02], paths: ['/b/'] },
  { host: 'www.craftsy-market.com', country: null, share: [0, 0, 0.006, 0.001], paths: ['/market/'] },
  { host: 'www.trustscore.com', country: null, share: [0.003, 0.004, 0.003, 0.003], paths: ['/review/'] },
  { host: 'www.localfinder.com', country: 'us', share: [0.004, 0.004, 0.012, 0.002], paths: ['/search/'] },
  { host: 'www.yellowlist.co.uk', country: 'gb', share: [0.002, 0.003, 0.01, 0.001], paths: ['/s/'] },
  { host: 'www.dailyherald.co.uk', country: 'gb', share: [0.005, 0.006, 0.004, 0.006], paths: ['/news/'] },
  {
    host: 'www.thebritishpost.co.uk',
    country: 'gb',
    share: [0.004, 0.005, 0.003, 0.004],
    paths: ['/lifestyle/'],
  },
  { host: 'www.morningledger.com', country: 'us', share: [0.004, 0.006, 0.003, 0.005], paths: ['/story/'] },
  { host: 'www.nationaltribune.com', country: 'us', share: [0.004, 0.005, 0.003, 0.005], paths: ['/news/'] },
  { host: 'money.morningledger.com', country: 'us', share: [0, 0.006, 0, 0], paths: ['/personal-finance/'] },
  { host: 'www.citizenhelp.org.uk', country: 'gb', share: [0.002, 0.008, 0.002, 0.001], paths: ['/advice/'] },
  { host: 'www.consumerhelp.org', country: 'us', share: [0.001, 0.007, 0.001, 0.001], paths: ['/consumer/'] },
  { host: 'www.mapscape.com', country: null, share: [0.004, 0, 0.003, 0], paths: ['/place/'] },
  { host: 'www.wikitravelr.org', country: null, share: [0.008, 0, 0, 0], paths: ['/en/'] },
  { host: 'www.howstuffgoes.com', country: null, share: [0, 0.002, 0.004, 0.004], paths: ['/how-to/'] },
];

export const VIDEO_HOST: GenericSpec = {
  host: 'www.vidtube.com',
  country: null,
  share: [0, 0, 0, 0],
  paths: ['/watch/'],
};

/** Name parts per vertical: first part × second part, e.g. trip + scout. */
const NAME_PARTS: [string[], string[]][] = [
  [
    list(`trip, travel, holiday, jet, fly, wander, roam, voyage, stay, escape, sun, globe, atlas, compass,
      passport, suitcase, nomad, tour, beach, city, island, sky, horizon, breeze, coast, villa, cabin, route`),
    list(`hub, finder, planner, guide, deals, direct, lane, nest, scout, base, spot, wise, mate, club,
      world, zone, hq, point, insider, list, hopper, seeker, diaries, bound, trails, tales, shack`),
  ],
  [
    list(`money, cash, penny, coin, budget, saver, wealth, credit, loan, mortgage, fund, rate, pocket,
      wallet, finance, invest, thrift, cents, ledger, piggy, interest, equity, income, payday`),
    list(`wise, hub, sense, smart, guru, mentor, compare, checker, matters, watch, advisor, clinic, coach,
      lab, base, desk, path, plan, insight, scout, saver, genie, buddy, street, talk, works`),
  ],
  [
    list(`home, garden, house, nest, hearth, yard, plant, bloom, petal, leaf, root, brick, timber, paint,
      decor, diy, fix, build, cosy, green, patio, porch, fern, willow, oak, pebble, thistle, hedge`),
    list(`ideas, hub, style, works, depot, store, living, haven, craft, shed, corner, lab, life, guide,
      direct, world, planet, mate, pro, expert, journal, republic, supply, and-co, edit, diaries`),
  ],
  [
    list(`tech, gadget, gizmo, pixel, byte, chip, circuit, digital, device, geek, nerd, screen, signal,
      wired, mobile, phone, laptop, sound, smart, bit, gear, kit, volt, core, nano, quantum, giga`),
    list(`radar, review, lab, hub, zone, insider, guide, world, advisor, arena, verdict, scout, pulse,
      central, spot, mag, tested, junkie, daily, report, bench, unboxed, den, files, talk, corner`),
  ],
];

const TLDS: Record<DemoCountry | 'both', [string, number][]> = {
  gb: [
    ['co.uk', 0.62],
    ['com', 0.22],
    ['uk', 0.06],
    ['org.uk', 0.05],
    ['net', 0.05],
  ],
  us: [
    ['com', 0.74],
    ['net', 0.08],
    ['org', 0.07],
    ['io', 0.04],
    ['us', 0.04],
    ['co', 0.03],
  ],
  both: [
    ['com', 0.8],
    ['net', 0.1],
    ['io', 0.05],
    ['org', 0.05],
  ],
};

const PATHS: string[][] = [
  ['/guides/', '/destinations/', '/deals/', '/blog/', '/inspiration/'],
  ['/guides/', '/compare/', '/blog/', '/money/', '/advice/', '/calculators/'],
  ['/ideas/', '/how-to/', '/shop/', '/blog/', '/products/', '/advice/'],
  ['/reviews/', '/best/', '/news/', '/deals/', '/how-to/', '/guides/'],
];

function pickTld(country: DemoCountry | null, rng: Rng): string {
  const table = TLDS[country ?? 'both'];
  let r = rng.float();
  for (const [tld, p] of table) {
    if ((r -= p) < 0) return tld;
  }
  return table[0]![0];
}

function siteName(vertical: number, rng: Rng): string {
  const [a, b] = NAME_PARTS[vertical]!;
  const base = `${rng.pick(a)}${rng.pick(b)}`;
  const style = rng.float();
  if (style < 0.12) return `the${base}`;
  if (style < 0.2) return `${rng.pick(a)}-${rng.pick(b)}`;
  if (style < 0.26) return `my${base}`;
  if (style < 0.3) return `${base}hq`;
  return base;
}

function hostFor(domain: string, vertical: number, rng: Rng): string[] {
  const r = rng.float();
  if (r < 0.62) return rng.chance(0.15) ? [`www.${domain}`, `blog.${domain}`] : [`www.${domain}`];
  if (r < 0.88) return [domain];
  const subs = ['blog', 'shop', 'guides', 'community', ['travel', 'money', 'home', 'tech'][vertical]!];
  return [`${rng.pick(subs)}.${domain}`];
}

function genericHost(g: GenericSpec, kind: DemoHostKind): DemoHost {
  return {
    host: g.host,
    domain: registrableDomain(g.host),
    kind,
    vertical: null,
    country: g.country,
    weight: [...g.share],
    pathPrefixes: g.paths,
  };
}

/**
 * The host universe: generic sites, the video site, the story sites given by the caller, and vertical
 * sites to make `total` hosts, each vertical site with a power-law weight within its vertical.
 */
export function buildHosts(total: number, storyHosts: readonly DemoHost[], rng: Rng): DemoHost[] {
  const out: DemoHost[] = [
    ...GENERIC.map((g) => genericHost(g, 'generic')),
    genericHost(VIDEO_HOST, 'video'),
  ];
  const taken = new Set<string>([...out, ...storyHosts].map((h) => h.host));
  const takenDomains = new Set<string>([...out, ...storyHosts].map((h) => h.domain));
  out.push(...storyHosts);
  const wanted = Math.max(0, total - out.length);
  const perVertical = NAME_PARTS.map((_, v) => Math.floor(wanted / 4) + (v < wanted % 4 ? 1 : 0));
  perVertical.forEach((count, vertical) => {
    const made: DemoHost[] = [];
    let attempts = 0;
    while (made.length < count) {
      if (++attempts > 200 * count + 1000) throw new RangeError(`too many demo hosts asked (${total})`);
      const r = rng.float();
      const country: DemoCountry | null = r < 0.4 ? 'gb' : r < 0.8 ? 'us' : null;
      const domain = `${siteName(vertical, rng)}.${pickTld(country, rng)}`;
      if (takenDomains.has(domain)) continue;
      takenDomains.add(domain);
      const prefixes = rng.shuffle([...PATHS[vertical]!]).slice(0, 1 + rng.int(2));
      for (const host of hostFor(domain, vertical, rng)) {
        if (made.length >= count || taken.has(host)) continue;
        taken.add(host);
        made.push({
          host,
          domain: registrableDomain(host),
          kind: 'vertical',
          vertical,
          country,
          weight: [0, 0, 0, 0],
          pathPrefixes: host.startsWith('blog.') ? ['/'] : prefixes,
        });
      }
    }
    // Power law over a random order: the k-th biggest site of a vertical weighs 1/k.
    rng.shuffle(made).forEach((h, k) => {
      h.weight[vertical] = 1 / (k + 1);
    });
    out.push(...made);
  });
  return out;
}

/** Slots per pool; divisible by 10 (top-10 draws) and by 90 (positions 11–100). */
export const POOL_SLOTS = 18_000;

/**
 * Slot table of one (market, vertical, tier): hostBySlot[s] is an index into the plan's hosts. Tier 0
 * serves positions 1–10 (slots ∝ weight, each host under a tenth of the slots so a systematic draw of
 * 10 never repeats a host), tier 1 positions 11–100 (slots ∝ √weight: deeper results are more diverse).
 */
export interface DemoPool {
  market: string;
  vertical: number;
  tier: 0 | 1;
  hostBySlot: Int32Array;
}

function apportion(weights: number[], slots: number, cap: number): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / total) * slots);
  const out = exact.map((q) => Math.min(cap, Math.max(1, Math.floor(q))));
  let sum = out.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((_, i) => i).sort((a, b) => (exact[b]! % 1) - (exact[a]! % 1) || a - b);
  for (let k = 0; sum < slots; k = (k + 1) % out.length) {
    const i = byRemainder[k]!;
    if (out[i]! < cap) {
      out[i]! += 1;
      sum += 1;
    }
  }
  const bySize = out.map((_, i) => i).sort((a, b) => out[b]! - out[a]! || a - b);
  for (let k = 0; sum > slots; k = (k + 1) % out.length) {
    const i = bySize[k]!;
    if (out[i]! > 1) {
      out[i]! -= 1;
      sum -= 1;
    }
  }
  return out;
}

/** Members of a pool: generic and vertical sites serving the market's country (story and video excluded). */
function poolMembers(hosts: readonly DemoHost[], country: DemoCountry, vertical: number): number[] {
  const members: number[] = [];
  hosts.forEach((h, i) => {
    const serves = h.country === null || h.country === country;
    const inPool = h.kind === 'generic' || (h.kind === 'vertical' && h.vertical === vertical);
    if (serves && inPool && h.weight[vertical]! > 0) members.push(i);
  });
  return members;
}

/** Share of a pool left to vertical sites once generic sites have their fixed shares. */
function memberWeights(hosts: readonly DemoHost[], members: number[], vertical: number): number[] {
  const genericShare = members
    .filter((i) => hosts[i]!.kind === 'generic')
    .reduce((s, i) => s + hosts[i]!.weight[vertical]!, 0);
  const verticalTotal = members
    .filter((i) => hosts[i]!.kind !== 'generic')
    .reduce((s, i) => s + hosts[i]!.weight[vertical]!, 0);
  return members.map((i) => {
    const h = hosts[i]!;
    return h.kind === 'generic'
      ? h.weight[vertical]!
      : ((1 - genericShare) * h.weight[vertical]!) / verticalTotal;
  });
}

export function buildPools(
  hosts: readonly DemoHost[],
  markets: readonly { code: string; country: DemoCountry }[],
): DemoPool[] {
  const pools: DemoPool[] = [];
  for (const m of markets) {
    for (let vertical = 0; vertical < NAME_PARTS.length; vertical++) {
      const members = poolMembers(hosts, m.country, vertical);
      if (members.length > POOL_SLOTS) throw new RangeError('more hosts in a pool than slots');
      const weights = memberWeights(hosts, members, vertical);
      for (const tier of [0, 1] as const) {
        const tierWeights = tier === 0 ? weights : weights.map(Math.sqrt);
        const order = members.map((_, k) => k).sort((a, b) => tierWeights[b]! - tierWeights[a]! || a - b);
        const slots = apportion(
          order.map((k) => tierWeights[k]!),
          POOL_SLOTS,
          tier === 0 ? POOL_SLOTS / 10 - 1 : POOL_SLOTS,
        );
        const hostBySlot = new Int32Array(POOL_SLOTS);
        let s = 0;
        order.forEach((k, rank) => {
          hostBySlot.fill(members[k]!, s, s + slots[rank]!);
          s += slots[rank]!;
        });
        pools.push({ market: m.code, vertical, tier, hostBySlot });
      }
    }
  }
  return pools;
}

/** Share of the top-10 slots a host holds at most across the pools it is in (0 when in none). */
export function topShare(pools: readonly DemoPool[], hostCount: number): Float64Array {
  const share = new Float64Array(hostCount);
  for (const p of pools) {
    if (p.tier !== 0) continue;
    const counts = new Map<number, number>();
    for (const h of p.hostBySlot) counts.set(h, (counts.get(h) ?? 0) + 1);
    for (const [h, c] of counts) share[h] = Math.max(share[h]!, c / POOL_SLOTS);
  }
  return share;
}
