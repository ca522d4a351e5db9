// Vocabulary of the demo keyword generator: the shapes shared by the four verticals (travel, personal
// finance, home & garden, consumer tech) and the modifier sets several of them use. A keyword is a core
// template with an entity filled in (its topic, e.g. "flights to paris"), optionally preceded by one
// pre-modifier ("cheap") and followed by up to two post-modifiers from different sets ("from london",
// "in may"). Words differ between British and American English where searchers differ.

export type DemoCountry = 'gb' | 'us';

/** Search intent of a keyword; drives which SERP features appear (index = intent code in the SERP plan). */
export const INTENTS = ['informational', 'commercial', 'transactional', 'local', 'navigational'] as const;
export type Intent = (typeof INTENTS)[number];

/** One list per country; the same array for both when the words do not differ. */
export interface Worded<T> {
  gb: T;
  us: T;
}

export interface ModifierSet {
  id: string;
  /** Keyword tag given to keywords that use this set. */
  tag: string;
  /** Relative search demand of a keyword carrying one of these words (1 = as much as the bare topic). */
  demand: number;
  words: Worded<readonly string[]>;
}

export interface CoreTemplate {
  /** Query pattern; `{x}` is replaced by an entity. */
  pattern: Worded<string>;
  /** Entities for `{x}`, most searched first; absent for patterns without `{x}`. */
  entities?: Worded<readonly string[]>;
  /** Keyword group of every keyword built on this core. */
  group: string;
  intent: Intent;
  /** Relative popularity of the core's head term. */
  pop: number;
  pre: readonly ModifierSet[];
  post: readonly ModifierSet[];
}

export interface VerticalLexicon {
  id: string;
  name: string;
  /** Keyword tag for the vertical. */
  tag: string;
  cores: readonly CoreTemplate[];
}

/** Splits a comma-separated word list (whitespace and line breaks around commas ignored). */
export function list(words: string): string[] {
  return words
    .split(',')
    .map((w) => w.trim().replace(/\s+/gu, ' '))
    .filter((w) => w !== '');
}

/** The same words in both markets. */
export function both<T>(value: T): Worded<T> {
  return { gb: value, us: value };
}

/** A core template; `us` defaults to the British pattern. */
export function core(gb: string, opts: Omit<CoreTemplate, 'pattern'> & { us?: string }): CoreTemplate {
  const { us, ...rest } = opts;
  return { pattern: { gb, us: us ?? gb }, ...rest };
}

export function modifiers(
  id: string,
  tag: string,
  demand: number,
  words: Worded<readonly string[]>,
): ModifierSet {
  return { id, tag, demand, words };
}

const MONTHS = list(`
  january, february, march, april, may, june, july, august, september, october, november, december
`);

/** `{year}` and `{next}` are replaced by the plan's end-date year and the year after. */
export const YEAR = modifiers('year', 'year', 0.22, both(['{year}', '{next}']));
export const MONTH = modifiers('month', 'seasonal', 0.08, both(MONTHS.map((m) => `in ${m}`)));
export const NEAR_ME = modifiers('near-me', 'local', 0.35, both(['near me', 'nearby', 'open now']));

export const GB_TOWNS = list(`
  london, manchester, birmingham, leeds, glasgow, liverpool, bristol, sheffield, edinburgh, cardiff,
  leicester, nottingham, newcastle, brighton, southampton, portsmouth, plymouth, reading, york, oxford,
  cambridge, bath, exeter, norwich, derby, coventry, stoke, wolverhampton, milton keynes, northampton,
  swindon, bournemouth, ipswich, peterborough, aberdeen, dundee, swansea, belfast, chester, lincoln,
  gloucester, cheltenham, worcester, hull, bradford, huddersfield, preston, blackpool, sunderland,
  middlesbrough, luton, watford, guildford, maidstone, canterbury, colchester, chelmsford, harrogate,
  durham, inverness, stockport, bolton, wigan, warrington, crawley, slough, basingstoke, salisbury,
  winchester, taunton
`);

export const US_TOWNS = list(`
  new york, los angeles, chicago, houston, phoenix, philadelphia, san antonio, san diego, dallas,
  austin, jacksonville, fort worth, columbus, charlotte, indianapolis, san francisco, seattle, denver,
  washington dc, nashville, oklahoma city, el paso, boston, portland, las vegas, detroit, memphis,
  louisville, baltimore, milwaukee, albuquerque, tucson, fresno, sacramento, kansas city, mesa,
  atlanta, omaha, colorado springs, raleigh, miami, minneapolis, tulsa, cleveland, wichita, arlington,
  new orleans, tampa, honolulu, pittsburgh, cincinnati, st louis, orlando, salt lake city, boise,
  richmond, spokane, des moines, madison, buffalo, rochester, birmingham al, charleston, savannah,
  scottsdale, plano, irvine, anchorage, durham nc, knoxville
`);

/** "in leeds" / "in austin": local modifiers for services and shops. */
export const IN_TOWN = modifiers('town', 'local', 0.04, {
  gb: GB_TOWNS.map((t) => `in ${t}`),
  us: US_TOWNS.map((t) => `in ${t}`),
});

export const PRICE = modifiers(
  'price',
  'price',
  0.35,
  both(['cheap', 'best', 'affordable', 'budget', 'luxury']),
);
export const BEST = modifiers('best', 'research', 0.45, both(['best', 'top', 'top rated', 'cheap']));
export const COST = modifiers('cost', 'price', 0.25, {
  gb: ['cost', 'prices', 'price', 'cost uk'],
  us: ['cost', 'prices', 'price', 'cost usa'],
});
export const REVIEWS = modifiers(
  'reviews',
  'research',
  0.2,
  both(['reviews', 'review', 'reddit', 'pros and cons']),
);
export const DEALS = modifiers('deals', 'deals', 0.2, {
  gb: ['deals', 'offers', 'sale', 'discount code', 'voucher'],
  us: ['deals', 'discounts', 'sale', 'coupon', 'promo code'],
});
