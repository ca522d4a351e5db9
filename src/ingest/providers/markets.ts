// Sightline markets (`{country}-{language}[-mobile]`, DESIGN §2) as each provider's location and language
// parameters. SerpApi, ValueSERP and Serper take Google's own `gl` (country) and `hl` (language) codes, which
// are our market's parts. DataForSEO takes a numeric `location_code`: for countries it is Google Ads'
// geo-target criterion id, 2000 + the ISO 3166-1 numeric code (United States 840 → 2840, United Kingdom
// 826 → 2826), as DataForSEO's locations list (GET /v3/serp/google/locations) shows. The table below holds
// the countries Sightline knows a code for; a market in another country is refused for DataForSEO with a
// message naming them, rather than sent with a guessed code.
import { parseMarket } from '../normalise';
import type { MarketParts } from '../normalise';

/**
 * DataForSEO `location_code` by ISO 3166-1 alpha-2 country (Google Ads geo-target ids of countries).
 *
 * | country | code | country | code | country | code |
 * |---|---|---|---|---|---|
 * | ae United Arab Emirates | 2784 | at Austria | 2040 | au Australia | 2036 |
 * | be Belgium | 2056 | bg Bulgaria | 2100 | br Brazil | 2076 |
 * | ca Canada | 2124 | ch Switzerland | 2756 | cl Chile | 2152 |
 * | co Colombia | 2170 | cz Czechia | 2203 | de Germany | 2276 |
 * | dk Denmark | 2208 | ee Estonia | 2233 | eg Egypt | 2818 |
 * | es Spain | 2724 | fi Finland | 2246 | fr France | 2250 |
 * | gb United Kingdom | 2826 | gr Greece | 2300 | hk Hong Kong | 2344 |
 * | hu Hungary | 2348 | id Indonesia | 2360 | ie Ireland | 2372 |
 * | il Israel | 2376 | in India | 2356 | it Italy | 2380 |
 * | jp Japan | 2392 | ke Kenya | 2404 | kr South Korea | 2410 |
 * | lt Lithuania | 2440 | lu Luxembourg | 2442 | lv Latvia | 2428 |
 * | mx Mexico | 2484 | my Malaysia | 2458 | ng Nigeria | 2566 |
 * | nl Netherlands | 2528 | no Norway | 2578 | nz New Zealand | 2554 |
 * | pe Peru | 2604 | ph Philippines | 2608 | pl Poland | 2616 |
 * | pt Portugal | 2620 | ro Romania | 2642 | sa Saudi Arabia | 2682 |
 * | se Sweden | 2752 | sg Singapore | 2702 | sk Slovakia | 2703 |
 * | th Thailand | 2764 | tr Turkey | 2792 | tw Taiwan | 2158 |
 * | ua Ukraine | 2804 | us United States | 2840 | vn Vietnam | 2704 |
 * | ar Argentina | 2032 | za South Africa | 2710 | | |
 */
export const DATAFORSEO_LOCATION_CODES: Readonly<Record<string, number>> = {
  ae: 2784,
  ar: 2032,
  at: 2040,
  au: 2036,
  be: 2056,
  bg: 2100,
  br: 2076,
  ca: 2124,
  ch: 2756,
  cl: 2152,
  co: 2170,
  cz: 2203,
  de: 2276,
  dk: 2208,
  ee: 2233,
  eg: 2818,
  es: 2724,
  fi: 2246,
  fr: 2250,
  gb: 2826,
  gr: 2300,
  hk: 2344,
  hu: 2348,
  id: 2360,
  ie: 2372,
  il: 2376,
  in: 2356,
  it: 2380,
  jp: 2392,
  ke: 2404,
  kr: 2410,
  lt: 2440,
  lu: 2442,
  lv: 2428,
  mx: 2484,
  my: 2458,
  ng: 2566,
  nl: 2528,
  no: 2578,
  nz: 2554,
  pe: 2604,
  ph: 2608,
  pl: 2616,
  pt: 2620,
  ro: 2642,
  sa: 2682,
  se: 2752,
  sg: 2702,
  sk: 2703,
  th: 2764,
  tr: 2792,
  tw: 2158,
  ua: 2804,
  us: 2840,
  vn: 2704,
  za: 2710,
};

/** The countries of the DataForSEO table, sorted. */
export const DATAFORSEO_COUNTRIES: readonly string[] = Object.keys(DATAFORSEO_LOCATION_CODES).sort();

/** The parts of a market code; throws RangeError with the reason when it is not a valid code. */
export function marketParts(market: string): MarketParts {
  const p = parseMarket(market);
  if (typeof p === 'string') throw new RangeError(p);
  return p;
}

/** DataForSEO's location_code for a market's country; throws RangeError for a country not in the table. */
export function dataForSeoLocation(market: string): { locationCode: number; languageCode: string } {
  const p = marketParts(market);
  const code = DATAFORSEO_LOCATION_CODES[p.country];
  if (code === undefined) {
    throw new RangeError(
      `DataForSEO: Sightline knows no location_code for country ${p.country} (market ${market}); known countries: ${DATAFORSEO_COUNTRIES.join(', ')}`,
    );
  }
  return { locationCode: code, languageCode: p.language };
}
