// The published CTR studies of ../shared/data/ctr/published_ctr_by_position.csv (issue 30 item 5), as data
// (the app does not read that folder at run time; ctr-studies.test.ts checks this table against the file).
// Studies measured different things, so each becomes a model per its metric (all values in percent):
// - `ctr`, `clicks_per_query`: clicks per impression (or per search) at that position, used as they are;
// - `share_of_clicks`: the position's share of all clicks, normalised to a per-impression CTR by the study's
//   clicks per search (AOL: 4,926,623 clicks over 9,038,794 searches, from its notes);
// - `click_probability` (MSN 2006): the shares sum to 99.6 %, so it is a share of clicks too, but the study
//   publishes no click rate: it is kept as published and labelled as not per-impression.
// Positions a study does not report follow the default curve's shape (ctrModelFromPoints).

export type StudyMetric = 'ctr' | 'clicks_per_query' | 'share_of_clicks' | 'click_probability';

export interface CtrStudy {
  id: string;
  study: string;
  year: number;
  metric: StudyMetric;
  device: 'all' | 'desktop' | 'mobile';
  source: string;
  /** [position, value in percent as published]. */
  points: [number, number][];
}

export const CTR_STUDIES: readonly CtrStudy[] = [
  {
    id: 'study-aol-search-log-leak',
    study: 'AOL search log leak',
    year: 2006,
    metric: 'share_of_clicks',
    device: 'all',
    source: 'http://www.metapilot.com/blog/seo-general/aol-user-data-harvested',
    points: [
      [1, 42.1],
      [2, 11.9],
      [3, 8.5],
      [4, 6.1],
      [5, 4.9],
      [6, 4.1],
      [7, 3.4],
      [8, 3.0],
      [9, 2.8],
      [10, 3.0],
    ],
  },
  {
    id: 'study-aol-search-log-leak-full-log',
    study: 'AOL search log leak (full log)',
    year: 2006,
    metric: 'clicks_per_query',
    device: 'all',
    source: 'http://www.aolstalker.com/aol-clickthru-analysis.php',
    points: [
      [1, 22.59],
      [5, 2.59],
      [9, 1.51],
      [10, 1.59],
      [11, 0.35],
    ],
  },
  {
    id: 'study-msn-search-dataset-may-2006',
    study: 'MSN Search dataset (May 2006)',
    year: 2006,
    metric: 'click_probability',
    device: 'all',
    source: 'github:DHunscher/urlnet-python-library trunk/urlnet/clickprobabilities.py',
    points: [
      [1, 49.6],
      [2, 13.63],
      [3, 9.24],
      [4, 6.29],
      [5, 4.99],
      [6, 3.95],
      [7, 3.43],
      [8, 2.95],
      [9, 2.79],
      [10, 2.75],
    ],
  },
  {
    id: 'study-sistrix-ctr-study-80m-keywords',
    study: 'SISTRIX CTR study (80M keywords)',
    year: 2020,
    metric: 'ctr',
    device: 'all',
    source: 'https://purecontent.com/latest-news/more-than-a-quarter-of-searchers-click-first-google-result/',
    points: [
      [1, 28.5],
      [2, 15.7],
      [3, 11.0],
      [4, 8.0],
      [10, 2.5],
    ],
  },
  {
    id: 'study-caphyon-awr-petrescu-organic-ctr-desktop',
    study: 'Caphyon/AWR (Petrescu) organic CTR',
    year: 2014,
    metric: 'ctr',
    device: 'desktop',
    source: 'http://supermonitoring.com/blog/google-click-through-rates-infographic',
    points: [
      [1, 34],
      [2, 15],
      [3, 10.5],
      [4, 7.5],
      [5, 6],
    ],
  },
  {
    id: 'study-caphyon-awr-petrescu-organic-ctr-mobile',
    study: 'Caphyon/AWR (Petrescu) organic CTR',
    year: 2014,
    metric: 'ctr',
    device: 'mobile',
    source: 'http://supermonitoring.com/blog/google-click-through-rates-infographic',
    points: [
      [1, 31.5],
      [2, 15.5],
      [3, 11],
      [4, 8],
      [5, 6],
    ],
  },
  {
    id: 'study-awr-july-2014-via-econsultancy-desktop',
    study: 'AWR July 2014 (via Econsultancy)',
    year: 2014,
    metric: 'ctr',
    device: 'desktop',
    source: 'https://econsultancy.com/blog/65589-how-branded-search-and-ads-affect-organic-ctr/',
    points: [
      [1, 31.24],
      [2, 14.04],
    ],
  },
  {
    id: 'study-optify-via-econsultancy',
    study: 'Optify (via Econsultancy)',
    year: 2011,
    metric: 'ctr',
    device: 'all',
    source: 'https://econsultancy.com/blog/65589-how-branded-search-and-ads-affect-organic-ctr/',
    points: [
      [1, 36.4],
      [2, 12.5],
    ],
  },
  {
    id: 'study-slingshot-seo',
    study: 'Slingshot SEO',
    year: 2011,
    metric: 'ctr',
    device: 'all',
    source:
      'https://thedomains.com/2011/07/27/new-study-how-do-click-through-rates-vary-on-seo-position-how-many-more-clicks-does-1-ranking-get-you',
    points: [
      [1, 18.2],
      [2, 10.05],
    ],
  },
  {
    id: 'study-seoclarity-2b-gsc-impressions-mobile',
    study: 'seoClarity (2B GSC impressions)',
    year: 2015,
    metric: 'ctr',
    device: 'mobile',
    source: 'https://searchengineland.com/mobile-search-ranking-study-rank-number-one-rank-206510',
    points: [
      [1, 27.7],
      [2, 9.2],
    ],
  },
  {
    id: 'study-seoclarity-2b-gsc-impressions-desktop',
    study: 'seoClarity (2B GSC impressions)',
    year: 2015,
    metric: 'ctr',
    device: 'desktop',
    source: 'https://searchengineland.com/mobile-search-ranking-study-rank-number-one-rank-206510',
    points: [
      [1, 19.3],
      [2, 11.4],
    ],
  },
  {
    id: 'study-backlinko-x-clickflow-5-08m-queries',
    study: 'Backlinko x ClickFlow (5.08M queries)',
    year: 2019,
    metric: 'ctr',
    device: 'all',
    source: 'https://www.internetmarketing-blog.com/google-ctr-for-top-10-positions/',
    points: [[1, 31.7]],
  },
  {
    id: 'study-backlinko-4m-results-semrush-gsc-data',
    study: 'Backlinko (4M results; Semrush GSC data)',
    year: 2023,
    metric: 'ctr',
    device: 'all',
    source:
      'https://seoprocheck.com/research/cross-industry/analyzed-4-million-google-results-ctr-statistics/',
    points: [[1, 27.6]],
  },
];

/** Clicks per search of the AOL sample (its notes): turns its shares of clicks into per-impression CTRs. */
const CLICKS_PER_SEARCH: Readonly<Record<string, number>> = { 'AOL search log leak': 4_926_623 / 9_038_794 };

export interface StudyCurve {
  /** Per-position click probabilities (fractions) the study supports. */
  points: { position: number; ctr: number }[];
  /** How the values were read, for the model's label. */
  basis: string;
}

/** A study's points as click probabilities, normalised per its metric (module header). */
export function studyCurve(s: CtrStudy): StudyCurve {
  const rate = CLICKS_PER_SEARCH[s.study];
  if (s.metric === 'share_of_clicks' && rate !== undefined) {
    return {
      points: s.points.map(([position, pct]) => ({ position, ctr: (pct / 100) * rate })),
      basis: `share of clicks × ${rate.toFixed(3)} clicks per search (normalised to per-impression CTR)`,
    };
  }
  const basis =
    s.metric === 'ctr'
      ? 'CTR per impression'
      : s.metric === 'clicks_per_query'
        ? 'clicks per query'
        : 'share of clicks as published (no click rate published: not per-impression)';
  return { points: s.points.map(([position, pct]) => ({ position, ctr: pct / 100 })), basis };
}
