// Absolute positions for SERP API responses (DESIGN §2; the rule is written out in formats/README.md). A
// provider adapter lays the page out as blocks in page order; this module numbers them: every stored result
// occupies one rank, a block that stores nothing (a box of questions without links, a place without a
// website) still occupies one rank because it pushes the results below it down, ads and navigation widgets
// are left out by the adapters and occupy none. Ranks beyond 100 are not stored (depth 100).
import { MAX_POSITION } from '@core/ctr';
import type { ResultType } from '@core/result-types';
import type { SerpResultRecord } from '../records';
import { MAX_TEXT, checkDate, checkKeyword, clip } from '../normalise';
import type { FileContext, FoundMarket } from './context';

export interface SerpItem {
  url: string | null;
  title: string | null;
  /** Overrides the block's type (a people-also-ask question that is an AI overview). */
  type?: ResultType;
  pointer: string;
}

export interface SerpBlock {
  type: ResultType;
  /** Items in display order; items without a URL are kept so the count of unlinked blocks is right. */
  items: SerpItem[];
  pointer: string;
}

/** What identifies one SERP snapshot, as the response states it. */
export interface SnapshotHeader {
  keyword: string | null;
  /** Date or date-time; the first ten characters must be `YYYY-MM-DD`. */
  date: string | null;
  market: FoundMarket;
  pointer: string;
}

/**
 * Checks the snapshot's keyword, date and market, then numbers the blocks and pushes one record per stored
 * result. Returns false (after a reject) when the snapshot itself is unusable.
 */
export function emitSnapshot(ctx: FileContext, head: SnapshotHeader, blocks: readonly SerpBlock[]): boolean {
  const at = { pointer: head.pointer };
  const keyword = checkKeyword(head.keyword ?? '');
  if (typeof keyword !== 'string') {
    ctx.reject(null, 'invalid-keyword', `the response has no search query: ${keyword.error}`, at);
    return false;
  }
  const rawDate = (head.date ?? '').trim().slice(0, 10);
  if (rawDate === '') {
    ctx.reject(null, 'invalid-date', `the response for ${JSON.stringify(keyword)} has no date`, at);
    return false;
  }
  const date = checkDate(rawDate, ctx.today);
  if (typeof date !== 'string') {
    ctx.reject(
      null,
      date.future ? 'future-date' : 'invalid-date',
      `${JSON.stringify(keyword)}: ${date.error}`,
      at,
    );
    return false;
  }
  const market = ctx.resolveMarket(head.market);
  if (typeof market !== 'string') {
    ctx.reject(
      null,
      ctx.option === null ? 'missing-market' : 'invalid-market',
      `${JSON.stringify(keyword)}: ${market.error}`,
      at,
    );
    return false;
  }
  let rank = 0;
  let beyond = 0;
  let unlinked = 0;
  for (const block of blocks) {
    const linked = block.items.filter((i) => i.url !== null && i.url.trim() !== '');
    unlinked += block.items.length - linked.length;
    if (linked.length === 0) {
      rank++;
      continue;
    }
    for (const item of linked) {
      rank++;
      if (rank > MAX_POSITION) {
        beyond++;
        continue;
      }
      const u = ctx.urls.normalise(item.url!);
      if (typeof u === 'string') {
        ctx.reject(null, 'invalid-url', u, { pointer: item.pointer });
        continue;
      }
      const title = item.title === null ? null : item.title.trim().slice(0, MAX_TEXT) || null;
      const r: SerpResultRecord = {
        kind: 'serp',
        date,
        market,
        keyword,
        position: rank,
        resultType: item.type ?? block.type,
        url: u.url,
        host: u.host,
        domain: u.domain,
        path: u.path,
        title,
        sv: null,
        line: null,
      };
      ctx.records.push(r);
    }
  }
  if (beyond > 0) {
    ctx.warnings.add(
      'beyond-depth',
      `results ranked beyond position ${MAX_POSITION} were not stored`,
      undefined,
      beyond,
    );
  }
  if (unlinked > 0) {
    ctx.warnings.add(
      'no-link',
      'items without a link (places without a website, questions without a source) were not stored',
      undefined,
      unlinked,
    );
  }
  return true;
}

/** `[2].organic_results[4]`-style location inside a document. */
export function at(base: string, key: string | number): string {
  return typeof key === 'number' ? `${base}[${key}]` : base === '' ? key : `${base}.${key}`;
}

/** Keyword text for messages. */
export function quote(s: string | null): string {
  return JSON.stringify(clip(s ?? ''));
}
