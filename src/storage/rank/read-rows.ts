// The RankStore's plain reads (each engine's reads.ts) written once where they do not depend on the SQL
// dialect: the checks and shortcuts of a read about one market, and the answers from the rows both engines
// return under the same column names; `num` reads an engine's numeric column.
import { resultTypeOf } from '@core/result-types';
import type {
  CampaignKeywordInput,
  KeywordRow,
  MarketSummary,
  RankStore,
  SerpResultRow,
} from '../rank-store';
import { checkDate, checkMarket } from './input';

type SqlRow = Readonly<Record<string, unknown>>;
type Num = (v: unknown) => number;

type PlainReads = Pick<
  RankStore,
  | 'counts'
  | 'marketSummary'
  | 'campaignKeywordSummary'
  | 'readKeywords'
  | 'readCampaignKeywords'
  | 'readSnapshot'
>;
export type PlainReadName = keyof PlainReads;
/** An engine's plain read `K` of the port on its connection `C` (store.ts binds the connection). */
export type PlainRead<C, K extends PlainReadName> = (
  c: C,
  ...args: Parameters<PlainReads[K]>
) => ReturnType<PlainReads[K]>;

/**
 * The internal id (`idOf`) of the market a read is about, after its code (and `date`) are checked; null,
 * and the read answers nothing, for a market the store does not know or an empty list of keyword ids
 * (undefined: every keyword).
 */
export async function marketToRead<M>(
  where: { market: string; date?: string; keywordIds?: readonly number[] },
  idOf: (market: string) => Promise<M | null>,
): Promise<M | null> {
  checkMarket(where.market);
  if (where.date !== undefined) checkDate(where.date);
  const id = await idOf(where.market);
  return where.keywordIds?.length === 0 ? null : id;
}

/** A market's summary from `kw` (n, with_sv, total), its snapshots `dates` (d, results) and its host count. */
export function marketSummaryRow(
  market: string,
  kw: SqlRow,
  dates: readonly SqlRow[],
  hosts: number,
  num: Num,
): MarketSummary {
  return {
    market,
    keywords: num(kw.n),
    keywordsWithVolume: num(kw.with_sv),
    totalSearchVolume: num(kw.total),
    snapshotDates: dates.map((d) => String(d.d)),
    serpResults: dates.reduce((n, d) => n + num(d.results), 0),
    hosts,
  };
}

/** The summary of a market the store has never seen: no keywords, no snapshots. */
export function emptyMarketSummary(market: string): MarketSummary {
  return marketSummaryRow(market, { n: 0, with_sv: 0, total: 0 }, [], 0, Number);
}

/** A keyword from columns id, text, sv. */
export function keywordRow(r: SqlRow, num: Num): KeywordRow {
  return { id: num(r.id), text: String(r.text), sv: r.sv === null ? null : num(r.sv) };
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** A campaign membership from columns keyword_id, tags and groups (lists). */
export function campaignKeywordRow(r: SqlRow, num: Num): CampaignKeywordInput {
  return { keywordId: num(r.keyword_id), tags: strings(r.tags), groups: strings(r.groups) };
}

/** A raw result from columns keyword_id, position, result_type (code), url, host, domain, title (null: none). */
export function serpResultRow(r: SqlRow, num: Num): SerpResultRow {
  return {
    keywordId: num(r.keyword_id),
    position: num(r.position),
    resultType: resultTypeOf(num(r.result_type)),
    url: String(r.url),
    host: String(r.host),
    domain: String(r.domain),
    title: r.title === null ? null : String(r.title),
  };
}
