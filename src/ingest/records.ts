// The normalised records every import parser yields, whatever the file format (DESIGN §2): keywords are
// normalised text, markets are codes `{country}-{language}[-mobile]`, dates are `YYYY-MM-DD`, positions are
// absolute ranks 1–100, URLs come with their host and registrable domain. The writer maps these onto the
// stores; parsers never write. `line` is the 1-based line the record came from (null for JSON), so a writer
// that refuses a record can still name it.
import type { ResultType } from '@core/result-types';
import type { Reject, Warning } from './errors';

/** One result of a SERP snapshot (market, keyword, date). */
export interface SerpResultRecord {
  kind: 'serp';
  date: string;
  market: string;
  keyword: string;
  /** 1-based absolute rank on the page (see formats/README.md for how each provider's data is ranked). */
  position: number;
  resultType: ResultType;
  url: string;
  /** Lower-case host of the URL. */
  host: string;
  /** Registrable domain of the host by the public suffix list; the host itself for IPs and bare names. */
  domain: string;
  /** URL path, starting with `/`, without query or fragment (host matching reads it). */
  path: string;
  title: string | null;
  /** Monthly search volume stated beside the result; null when the file gives none (not "unknown"). */
  sv: number | null;
  line: number | null;
}

/** A keyword of a market with its volume, as keyword lists and rank sheets give it. */
export interface KeywordRecord {
  kind: 'keyword';
  market: string;
  keyword: string;
  /** Monthly search volume; null when unknown (unknown is not zero). */
  sv: number | null;
  groups: string[];
  tags: string[];
  line: number | null;
}

/**
 * One rank observation of a tracked site from a rank tracker (SerpBear, wide rank sheets): where the tracked
 * site stood for a keyword on a date, or that it was not in the top 100 (`position` null). Rank trackers see
 * only their own site, not the whole page, so these are not SERP snapshots. When the URL is known (SerpBear
 * gives it; a rank sheet gets it from the `target` option) `rankToSerpResult` turns a ranked observation into
 * an organic SERP result. A "not ranked" observation tells the writer that the snapshot exists and holds no
 * result for the site, so an older rank must not be carried forward to this date.
 */
export interface RankRecord {
  kind: 'rank';
  date: string;
  market: string;
  keyword: string;
  /** 1–100, or null for "not in the top 100". */
  position: number | null;
  url: string | null;
  host: string | null;
  domain: string | null;
  path: string | null;
  tags: string[];
  line: number | null;
}

/** The Search Console dimensions a row can be broken down by. */
export type GscDimension = 'date' | 'query' | 'page' | 'country' | 'device' | 'searchAppearance';

/**
 * One Search Console row. `dimensions` says which dimensions the row is broken down by: a web-interface
 * export table covers one (Queries.csv → ['query']), an API export the columns it has (['date','page','query']).
 * Dimensions not covered are null.
 */
export interface SearchConsoleRecord {
  kind: 'gsc';
  source: 'export' | 'api';
  dimensions: readonly GscDimension[];
  date: string | null;
  /** Normalised like keywords. */
  query: string | null;
  page: string | null;
  /** ISO 3166-1 alpha-2, lower case; `zz` for Search Console's "Unknown Region". */
  country: string | null;
  device: 'desktop' | 'mobile' | 'tablet' | null;
  searchAppearance: string | null;
  clicks: number;
  impressions: number;
  /** Click-through rate as a fraction 0–1 (`3.7%` → 0.037). */
  ctr: number;
  /** Average position (≥ 1, not limited to 100). */
  position: number;
  line: number | null;
}

/** The Filters.csv of a Search Console web export: the filters the export was made with. */
export interface SearchConsoleFiltersRecord {
  kind: 'gsc-filters';
  /** `Search type` value in lower case (`web`, `image`, `video`, `news`, `discover`), null when absent. */
  searchType: string | null;
  /** `Date` value as written (`Last 6 months`, `2024-05-01 - 2024-10-31`), null when absent. */
  dateRange: string | null;
  filters: { name: string; value: string }[];
}

export type IngestRecord =
  SerpResultRecord | KeywordRecord | RankRecord | SearchConsoleRecord | SearchConsoleFiltersRecord;

/** What a parser yields, once per chunk of input: records, rejected rows, and (in the last batch) warnings. */
export interface ParseBatch {
  file: string;
  records: IngestRecord[];
  rejects: Reject[];
  warnings: Warning[];
  /** Bytes of this file consumed so far (for progress bars; the file size is the total). */
  bytesRead: number;
  /** Data rows (CSV lines, JSON items) seen so far in this file, records and rejects together. */
  rowsRead: number;
}

/** The organic SERP result a ranked observation stands for; null when unranked or without a URL. */
export function rankToSerpResult(r: RankRecord): SerpResultRecord | null {
  if (r.position === null || r.url === null || r.host === null || r.domain === null || r.path === null)
    return null;
  return {
    kind: 'serp',
    date: r.date,
    market: r.market,
    keyword: r.keyword,
    position: r.position,
    resultType: 'organic',
    url: r.url,
    host: r.host,
    domain: r.domain,
    path: r.path,
    title: null,
    sv: null,
    line: r.line,
  };
}
