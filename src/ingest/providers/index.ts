// The SERP providers Sightline can check rankings with, by id (issue 3, build item 4). Each descriptor says
// what the provider can fetch, its public list price and rate limit, how to ask it for one keyword in one
// market, and how its answer enters the import pipeline. README text: "Rank checks" in the server README.
import { dataForSeo } from './dataforseo';
import { serpApi } from './serpapi';
import { serper } from './serper';
import type { ProviderDescriptor, ProviderId } from './types';
import { valueSerp } from './valueserp';

export const PROVIDERS: Readonly<Record<ProviderId, ProviderDescriptor>> = {
  serpapi: serpApi,
  dataforseo: dataForSeo,
  valueserp: valueSerp,
  serper,
};

export function providerById(id: ProviderId): ProviderDescriptor {
  return PROVIDERS[id];
}

export { PROVIDER_IDS } from './types';
export type {
  BuildOptions,
  ImportDocument,
  ParseContext,
  ProviderCapabilities,
  ProviderDescriptor,
  ProviderId,
  ProviderParse,
  ProviderRateLimit,
  ProviderRequest,
  Verdict,
} from './types';
export { RateLimiter } from './rate-limiter';
export { ProviderCallError, DEFAULT_RETRY, sendWithRetry } from './send';
export type { RetryPolicy, SendOutcome } from './send';
