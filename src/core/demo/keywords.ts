// Demo keyword sets: per market, distinct search queries composed from the vertical lexicons (head terms
// first, then modified long-tail queries), each with a Zipf-like monthly volume snapped to the buckets
// keyword planners report, ~3 % unknown, an intent, tags and a keyword group. Deterministic for a seed.
import {
  INTENTS,
  type CoreTemplate,
  type DemoCountry,
  type ModifierSet,
  type VerticalLexicon,
} from './lexicon';
import { FINANCE } from './lexicon-finance';
import { HOME } from './lexicon-home';
import { TECH } from './lexicon-tech';
import { TRAVEL } from './lexicon-travel';
import type { Rng } from './prng';
import { WeightedPicker } from './prng';

export const VERTICALS: readonly VerticalLexicon[] = [TRAVEL, FINANCE, HOME, TECH];

/** Wanted share of a market's keywords per vertical (order of VERTICALS). */
const VERTICAL_SHARES = [0.28, 0.22, 0.26, 0.24];
/** A vertical is filled to at most this fraction of its distinct combinations, so random draws stay cheap. */
const MAX_FILL = 0.5;
/** Share of a vertical's keywords that are bare head terms (when it has that many topics). */
const HEAD_SHARE = 0.25;
const TOP_VOLUME = 301_000; // monthly searches of the most searched keyword
const UNKNOWN_VOLUME_SHARE = 0.03;
/** Volume buckets of keyword planners (monthly searches). */
const VOLUME_BUCKETS = [
  10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900,
  2400, 2900, 3600, 4400, 5400, 6600, 8100, 9900, 12100, 14800, 18100, 22200, 27100, 33100, 40500, 49500,
  60500, 74000, 90500, 110000, 135000, 165000, 201000, 246000, 301000, 368000, 450000, 550000,
];
const TAIL_BUCKETS = [10, 20, 30, 40, 50];
const TAIL_WEIGHTS = [0.4, 0.25, 0.15, 0.12, 0.08];

export interface TopicTable {
  /** URL slug of every topic; a vertical's topics are contiguous. */
  slugs: string[];
  /** First topic index and topic count per vertical. */
  verticalStart: number[];
  verticalCount: number[];
  /** Topic index by `${vertical}|${slug}`. */
  index: Map<string, number>;
}

/** Columnar keyword set of one market: index i describes keyword i. */
export interface DemoKeywords {
  texts: string[];
  /** Monthly search volume; null when unknown. */
  sv: (number | null)[];
  vertical: Uint8Array;
  topic: Int32Array;
  /** Index into INTENTS. */
  intent: Uint8Array;
  tagSet: Uint16Array;
  group: Uint16Array;
  /** Interned tag lists and group names referenced by tagSet and group. */
  tagSets: string[][];
  groups: string[];
}

export function slugify(text: string): string {
  return text
    .replace(/£/gu, 'gbp-')
    .replace(/\$/gu, 'usd-')
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '');
}

function entitiesOf(c: CoreTemplate, country: DemoCountry): readonly string[] {
  return c.entities === undefined ? [''] : c.entities[country];
}

function topicText(c: CoreTemplate, country: DemoCountry, entity: string): string {
  return c.pattern[country].replace('{x}', entity);
}

/** Every (core, entity) pair of the given countries, grouped by vertical. */
export function buildTopics(countries: readonly DemoCountry[]): TopicTable {
  const slugs: string[] = [];
  const index = new Map<string, number>();
  const verticalStart: number[] = [];
  const verticalCount: number[] = [];
  VERTICALS.forEach((v, vi) => {
    verticalStart.push(slugs.length);
    for (const country of countries) {
      for (const c of v.cores) {
        for (const e of entitiesOf(c, country)) {
          const key = `${vi}|${slugify(topicText(c, country, e))}`;
          if (!index.has(key)) {
            index.set(key, slugs.length);
            slugs.push(slugify(topicText(c, country, e)));
          }
        }
      }
    }
    verticalCount.push(slugs.length - verticalStart[vi]!);
  });
  return { slugs, verticalStart, verticalCount, index };
}

function wordsCount(sets: readonly ModifierSet[], country: DemoCountry): number[] {
  return sets.map((s) => s.words[country].length);
}

/** Distinct queries one core can produce: entities × (1 + pre words) × (1 + one post word + two from different sets). */
function coreSpace(c: CoreTemplate, country: DemoCountry): number {
  const pre = wordsCount(c.pre, country).reduce((a, b) => a + b, 0);
  const post = wordsCount(c.post, country);
  let pairs = 0;
  for (let i = 0; i < post.length; i++)
    for (let j = i + 1; j < post.length; j++) pairs += post[i]! * post[j]!;
  const single = post.reduce((a, b) => a + b, 0);
  return entitiesOf(c, country).length * (1 + pre) * (1 + single + pairs);
}

/** Distinct queries per vertical for a country (upper bound; a few texts may coincide). */
export function keywordSpace(country: DemoCountry): number[] {
  return VERTICALS.map((v) => v.cores.reduce((sum, c) => sum + coreSpace(c, country), 0));
}

/** Keywords per vertical: the wanted shares, capped where a vertical would run out of combinations. */
function allocate(count: number, country: DemoCountry): number[] {
  const caps = keywordSpace(country).map((s) => Math.floor(s * MAX_FILL));
  const capacity = caps.reduce((a, b) => a + b, 0);
  if (count > capacity) {
    throw new RangeError(`at most ${capacity} demo keywords per market, ${count} asked`);
  }
  const out = VERTICAL_SHARES.map(() => 0);
  let left = count;
  let open = VERTICAL_SHARES.map((_, i) => i);
  while (left > 0) {
    const shareSum = open.reduce((s, i) => s + VERTICAL_SHARES[i]!, 0);
    let placed = 0;
    for (const i of open) {
      const want = Math.max(1, Math.floor((left * VERTICAL_SHARES[i]!) / shareSum));
      const add = Math.min(want, caps[i]! - out[i]!, left - placed);
      out[i]! += add;
      placed += add;
    }
    left -= placed;
    open = open.filter((i) => out[i]! < caps[i]!);
  }
  return out;
}

interface Topic {
  core: CoreTemplate;
  text: string;
  topic: number;
  pop: number;
}

interface Draft {
  text: string;
  vertical: number;
  topic: number;
  intent: number;
  score: number;
  tags: string[];
  group: string;
}

function fillYear(text: string, year: number): string {
  return text.replace('{year}', String(year)).replace('{next}', String(year + 1));
}

function verticalTopics(vi: number, country: DemoCountry, topics: TopicTable, rng: Rng): Topic[] {
  const out: Topic[] = [];
  for (const c of VERTICALS[vi]!.cores) {
    entitiesOf(c, country).forEach((e, ei) => {
      const text = topicText(c, country, e);
      const topic = topics.index.get(`${vi}|${slugify(text)}`);
      if (topic === undefined) throw new Error(`topic table lacks "${text}"`);
      out.push({ core: c, text, topic, pop: c.pop * (ei + 1) ** -0.7 * rng.logNormal(0.4) });
    });
  }
  return out.sort((a, b) => b.pop - a.pop);
}

function draft(vi: number, t: Topic, text: string, score: number, mods: readonly ModifierSet[]): Draft {
  const v = VERTICALS[vi]!;
  const tags = [v.tag, t.core.intent, ...mods.map((m) => m.tag)];
  return {
    text,
    vertical: vi,
    topic: t.topic,
    intent: INTENTS.indexOf(t.core.intent),
    score,
    tags: [...new Set(tags)],
    group: t.core.group,
  };
}

/** A modification of a topic: an optional pre-modifier and up to two post-modifiers, as (set, word) pairs. */
interface Choice {
  pre: [number, number] | null;
  post: [number, number][];
}

function buildModified(vi: number, t: Topic, c: Choice, country: DemoCountry, year: number, rng: Rng): Draft {
  const { pre, post } = t.core;
  const mods: ModifierSet[] = [];
  const parts: string[] = [];
  if (c.pre !== null) {
    mods.push(pre[c.pre[0]]!);
    parts.push(pre[c.pre[0]]!.words[country][c.pre[1]]!);
  }
  parts.push(t.text);
  for (const [set, word] of c.post) {
    mods.push(post[set]!);
    parts.push(post[set]!.words[country][word]!);
  }
  const demand = mods.reduce((d, m) => d * m.demand, 1);
  return draft(vi, t, fillYear(parts.join(' '), year), t.pop * demand * rng.logNormal(0.35), mods);
}

/** A random modification favouring short ones (at least one modifier); null when the core takes none. */
function drawChoice(t: Topic, country: DemoCountry, rng: Rng): Choice | null {
  const { pre, post } = t.core;
  if (pre.length === 0 && post.length === 0) return null;
  const usePre = pre.length > 0 && (post.length === 0 || rng.chance(0.45));
  const postCount = post.length === 0 ? 0 : usePre ? rng.pick([0, 1, 1, 2]) : rng.pick([1, 1, 2]);
  const preSet = usePre ? rng.int(pre.length) : -1;
  const chosen = new Set<number>();
  while (chosen.size < Math.min(postCount, post.length)) chosen.add(rng.int(post.length));
  return {
    pre: preSet < 0 ? null : [preSet, rng.int(pre[preSet]!.words[country].length)],
    post: [...chosen].sort((a, b) => a - b).map((i) => [i, rng.int(post[i]!.words[country].length)]),
  };
}

/** Finds the set and word of the k-th word over several sets. */
function nth(sizes: readonly number[], k: number): [number, number] {
  let rest = k;
  for (let i = 0; i < sizes.length; i++) {
    if (rest < sizes[i]!) return [i, rest];
    rest -= sizes[i]!;
  }
  throw new RangeError('word index out of range');
}

/** Modifications of a core, excluding the bare topic (see coreSpace). */
function choiceCount(c: CoreTemplate, country: DemoCountry): number {
  return coreSpace(c, country) / entitiesOf(c, country).length - 1;
}

/** The k-th modification of a core (0 ≤ k < choiceCount), for drawing uniformly once popular ones run out. */
function choiceAt(c: CoreTemplate, country: DemoCountry, k: number): Choice {
  const preSizes = wordsCount(c.pre, country);
  const postSizes = wordsCount(c.post, country);
  const preOptions = 1 + preSizes.reduce((a, b) => a + b, 0);
  const preIdx = (k + 1) % preOptions;
  let postIdx = Math.floor((k + 1) / preOptions);
  const pre = preIdx === 0 ? null : nth(preSizes, preIdx - 1);
  if (postIdx === 0) return { pre, post: [] };
  postIdx -= 1;
  const singles = postSizes.reduce((a, b) => a + b, 0);
  if (postIdx < singles) return { pre, post: [nth(postSizes, postIdx)] };
  postIdx -= singles;
  for (let i = 0; i < postSizes.length; i++) {
    for (let j = i + 1; j < postSizes.length; j++) {
      const block = postSizes[i]! * postSizes[j]!;
      if (postIdx < block) {
        return {
          pre,
          post: [
            [i, Math.floor(postIdx / postSizes[j]!)],
            [j, postIdx % postSizes[j]!],
          ],
        };
      }
      postIdx -= block;
    }
  }
  throw new RangeError('modification index out of range');
}

function snapVolume(v: number): number {
  let best = VOLUME_BUCKETS[0]!;
  for (const b of VOLUME_BUCKETS) if (Math.abs(Math.log(b / v)) < Math.abs(Math.log(best / v))) best = b;
  return best;
}

/** Generates `count` distinct keywords of one market, vertical by vertical. */
export function generateKeywords(
  country: DemoCountry,
  count: number,
  topics: TopicTable,
  year: number,
  rng: Rng,
): DemoKeywords {
  const perVertical = allocate(count, country);
  const seen = new Set<string>();
  const drafts: Draft[] = [];
  perVertical.forEach((want, vi) => {
    const all = verticalTopics(vi, country, topics, rng);
    const vertical: Draft[] = [];
    for (const t of all.slice(0, Math.min(all.length, Math.round(want * HEAD_SHARE)))) {
      const text = fillYear(t.text, year);
      if (!seen.has(text)) {
        seen.add(text);
        vertical.push(draft(vi, t, text, t.pop * rng.logNormal(0.3), []));
      }
    }
    const picker = new WeightedPicker(all.map((t) => t.pop ** 0.35));
    // Once popular topics are used up, draw uniformly over all remaining modifications instead.
    const counts = all.map((t) => choiceCount(t.core, country));
    const uniform = new WeightedPicker(counts.map((n) => Math.max(n, 0)));
    let attempts = 0;
    let misses = 0; // consecutive draws that gave nothing new
    let saturated = false;
    const budget = 50 * want + 10_000;
    while (vertical.length < want) {
      if (++attempts > budget)
        throw new RangeError(`could not draw ${want} distinct ${VERTICALS[vi]!.id} keywords`);
      let t: Topic;
      let choice: Choice | null;
      saturated ||= misses > 50;
      if (saturated) {
        const ti = uniform.pick(rng);
        t = all[ti]!;
        choice = choiceAt(t.core, country, rng.int(counts[ti]!));
      } else {
        t = all[picker.pick(rng)]!;
        choice = drawChoice(t, country, rng);
      }
      const d = choice === null ? null : buildModified(vi, t, choice, country, year, rng);
      if (d !== null && !seen.has(d.text)) {
        seen.add(d.text);
        vertical.push(d);
        misses = 0;
      } else {
        misses++;
      }
    }
    for (const d of rng.shuffle(vertical)) drafts.push(d);
  });
  return assignVolumes(drafts, rng);
}

/** Zipf-like volumes by score rank (sv ∝ 1/rank), snapped to planner buckets, with a 10–50 tail. */
function assignVolumes(drafts: Draft[], rng: Rng): DemoKeywords {
  const order = drafts.map((_, i) => i).sort((a, b) => drafts[b]!.score - drafts[a]!.score);
  const sv: (number | null)[] = new Array<number | null>(drafts.length).fill(null);
  const tail = new WeightedPicker(TAIL_WEIGHTS);
  order.forEach((di, rank) => {
    const raw = (TOP_VOLUME / (rank + 1)) * rng.logNormal(0.25);
    const unknown = rank >= 20 && rng.chance(UNKNOWN_VOLUME_SHARE);
    sv[di] = unknown ? null : raw < 10 ? TAIL_BUCKETS[tail.pick(rng)]! : snapVolume(raw);
  });
  const tagSetIndex = new Map<string, number>();
  const tagSets: string[][] = [];
  const groupIndex = new Map<string, number>();
  const groups: string[] = [];
  const n = drafts.length;
  const out: DemoKeywords = {
    texts: new Array<string>(n),
    sv,
    vertical: new Uint8Array(n),
    topic: new Int32Array(n),
    intent: new Uint8Array(n),
    tagSet: new Uint16Array(n),
    group: new Uint16Array(n),
    tagSets,
    groups,
  };
  drafts.forEach((d, i) => {
    const tagKey = d.tags.join('|');
    if (!tagSetIndex.has(tagKey)) {
      tagSetIndex.set(tagKey, tagSets.length);
      tagSets.push(d.tags);
    }
    if (!groupIndex.has(d.group)) {
      groupIndex.set(d.group, groups.length);
      groups.push(d.group);
    }
    out.texts[i] = d.text;
    out.vertical[i] = d.vertical;
    out.topic[i] = d.topic;
    out.intent[i] = d.intent;
    out.tagSet[i] = tagSetIndex.get(tagKey)!;
    out.group[i] = groupIndex.get(d.group)!;
  });
  return out;
}
