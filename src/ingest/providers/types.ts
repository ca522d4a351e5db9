// What a SERP provider is to Sightline (DESIGN §1 "one descriptor per provider"): what it can fetch, what a
// request costs and how fast it may be sent, how to ask it for one keyword in one market, how to read its
// answer into the import pipeline's records, and how to tell a failure to retry from one to report.
import type { Device } from '@core/model';
import type { ResultType } from '@core/result-types';
import type { FormatId } from '../detect';
import type { Reject, Warning } from '../errors';
import type { SerpResultRecord } from '../records';

export const PROVIDER_IDS = ['serpapi', 'dataforseo', 'valueserp', 'serper'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export interface ProviderCapabilities {
  /** Result types its answers are mapped to (formats/README.md, "Positions of SERP API responses"). */
  resultTypes: readonly ResultType[];
  /** ISO 3166-1 alpha-2 countries it can search in; 'any' when every Google country is accepted. */
  countries: 'any' | readonly string[];
  devices: readonly Device[];
  /** Deepest result rank one request can return. */
  maxDepth: number;
  /** The depth Sightline asks for, which `costPerRequestUsd` is priced at. */
  depth: number;
  /** Results (not blocks) one request returns at most. */
  maxResultsPerRequest: number;
}

export interface ProviderRateLimit {
  /** Sustained requests per second (token-bucket refill rate). */
  requestsPerSecond: number;
  /** Requests that may start back to back after a pause (bucket size). */
  burst: number;
  /** Requests in flight at once. */
  concurrency: number;
}

/** One HTTP request, ready for fetch. */
export interface ProviderRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | null;
}

export interface BuildOptions {
  /** The organisation's API key (DataForSEO: `login:password`). */
  apiKey: string;
  /** Overrides the provider's public base URL (tests point it at a local stand-in). */
  baseUrl?: string;
  /** Depth to ask for; the capabilities' `depth` when absent. */
  depth?: number;
}

export interface ParseContext {
  /** When the response was received: its date when the provider gives none, and the future-date limit. */
  fetchedAt: Date;
  /** The campaign's market code; fills in what the response does not say (DataForSEO local finder). */
  market: string;
  /** Name used in rejects and warnings (a file name in the import job). */
  name: string;
}

/** What the import pipeline is given for one response: the bytes and the format that reads them. */
export interface ImportDocument {
  format: FormatId;
  name: string;
  bytes: Uint8Array;
}

export interface ProviderParse {
  records: SerpResultRecord[];
  rejects: Reject[];
  warnings: Warning[];
}

/** How an HTTP answer is to be treated: data, a failure worth retrying, or one to report at once. */
export type Verdict = { ok: true } | { ok: false; retry: boolean; message: string };

export interface ProviderDescriptor {
  id: ProviderId;
  label: string;
  /** What the API key field holds, for the admin screen. */
  keyHint: string;
  /** Public base URL; `BuildOptions.baseUrl` overrides it. */
  baseUrl: string;
  capabilities: ProviderCapabilities;
  /** Public list price of one request at `capabilities.depth`, USD (source beside each descriptor). */
  costPerRequestUsd: number;
  rateLimit: ProviderRateLimit;
  /** The request for one keyword in one market (`gb-en`, `us-en-mobile`); throws RangeError when the market
   * is not one the provider can search. */
  buildRequest(keyword: string, market: string, options: BuildOptions): ProviderRequest;
  /** The import format its responses are read with (formats/). */
  importFormat: FormatId;
  /** The response as the import pipeline reads it. */
  importDocument(responseBody: string, ctx: ParseContext): ImportDocument;
  /** The response read into the pipeline's records, with what could not be read. */
  parse(responseBody: string, ctx: ParseContext): Promise<ProviderParse>;
  /** Classifies an answer: 429 and 5xx are retried, other 4xx reported with the provider's own message. */
  verdict(status: number, responseBody: string): Verdict;
}
