// One-to-one comparison (issue 6 item 3): two hosts side by side in one market over `time`, its two CSV
// exports, and the read-only share links that open one comparison without an account. Each read answers from
// the loaded comparison (comparison.ts); share links are checked by share-links.ts. Loading reads both hosts'
// rank data over the span (seconds for a year of a large market), while the screen asks again for every
// page, order and group and then for the exports: so the last few comparisons are kept for a minute.
import type { OneToOneExportQuery, OneToOneQuery, OneToOneResponse } from '@contracts/one-to-one';
import type { TimeSpan } from '@core/date-range';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { CsvExport } from '../campaign-visibility/csv';
import { loadComparison, type Comparison } from './comparison';
import { keywordCsv, summaryCsv } from './csv';
import { comparisonData, type Shared } from './data';
import { ShareLinks } from './share-links';
import { ShareTokenSigner } from './share-token';

/** Comparisons kept, and for how long (ms): a minute of paging and exporting, then read afresh. */
const CACHE_ENTRIES = 4;
const CACHE_TTL_MS = 60_000;

export class OneToOneService {
  readonly shareLinks: ShareLinks;
  /** Loads by key (organisation, market, hosts, time, today), oldest first; a failed load is dropped at once. */
  private readonly cache = new Map<string, { at: number; comparison: Promise<Comparison> }>();

  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    secretKey: Buffer,
    private readonly now: () => Date,
    /** PUBLIC_URL, that share links are built on (null: their path). */
    publicUrl: string | null,
  ) {
    this.shareLinks = new ShareLinks(meta, new ShareTokenSigner(secretKey), now, publicUrl);
  }

  /** `org`: whose market is read — the user's organisation, or the sharing one for a share link. */
  private load(
    org: number,
    hosts: readonly [string, string],
    market: string,
    time: TimeSpan,
  ): Promise<Comparison> {
    const now = this.now();
    const key = JSON.stringify([org, market, hosts, time, now.toISOString().slice(0, 10)]);
    const kept = this.cache.get(key);
    if (kept !== undefined && now.getTime() - kept.at < CACHE_TTL_MS) return kept.comparison;
    const comparison = loadComparison(this.meta, this.rank, org, market, hosts, time, now);
    this.cache.delete(key);
    this.cache.set(key, { at: now.getTime(), comparison });
    while (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    comparison.catch(() => {
      if (this.cache.get(key)?.comparison === comparison) this.cache.delete(key);
    });
    return comparison;
  }

  async data(org: number, q: OneToOneQuery, shared: Shared | null): Promise<OneToOneResponse> {
    return comparisonData(await this.load(org, [q.host[0]!, q.host[1]!], q.market, q.time), q, shared);
  }

  async summaryCsv(
    org: number,
    hosts: readonly [string, string],
    market: string,
    q: OneToOneExportQuery,
  ): Promise<CsvExport> {
    return summaryCsv(await this.load(org, hosts, market, q.time));
  }

  async keywordCsv(
    org: number,
    hosts: readonly [string, string],
    market: string,
    q: OneToOneExportQuery,
  ): Promise<CsvExport> {
    return keywordCsv(await this.load(org, hosts, market, q.time), q);
  }
}
