// Validation and normalisation of RankStore writes, shared by every adapter: a batch with one bad row is
// refused whole, with the row's index and the reason, before anything is written.
import { normaliseKeyword } from '@core/keyword';
import { parseUrlParts } from '@core/host-match';
import { MAX_POSITION } from '@core/ctr';
import { isResultType, resultTypeCode } from '@core/result-types';
import type { CampaignKeywordInput, KeywordInput, SerpResultInput } from '../rank-store';

export class RankInputError extends Error {
  constructor(
    message: string,
    /** 0-based index of the offending input row, when one row is to blame. */
    readonly row: number | null = null,
  ) {
    super(row === null ? message : `row ${row}: ${message}`);
    this.name = 'RankInputError';
  }
}

// A market code, or the rank key of another organisation's market than the operator's (`gb-en~o7`).
const MARKET_CODE = /^[a-z]{2}-[a-z]{2}(-mobile)?(~o[1-9][0-9]{0,9})?$/u;
const MAX_TEXT = 2000; // characters; longer keyword, URL or title texts are refused

export function checkMarket(market: string): void {
  if (!MARKET_CODE.test(market)) throw new RankInputError(`invalid market code ${JSON.stringify(market)}`);
}

export function checkDate(date: string, row: number | null = null): void {
  const ok =
    /^\d{4}-\d{2}-\d{2}$/u.test(date) &&
    !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) &&
    new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date;
  if (!ok) throw new RankInputError(`invalid date ${JSON.stringify(date)} (expected YYYY-MM-DD)`, row);
}

/** Organic results compared per keyword: 1–100 (a SERP is at most 100 deep). */
export function checkOrganicDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 1 || depth > 100) {
    throw new RankInputError(`depth must be an integer from 1 to 100, got ${depth}`);
  }
}

function checkId(value: number, what: string, row: number | null): void {
  if (!Number.isSafeInteger(value) || value < 1 || value > 2_147_483_647) {
    throw new RankInputError(`${what} must be a positive integer, got ${value}`, row);
  }
}

export interface PreparedKeyword {
  text: string;
  sv: number | null;
}

/** Normalised keywords; the last volume given for a text wins. */
export function prepareKeywords(market: string, keywords: readonly KeywordInput[]): PreparedKeyword[] {
  checkMarket(market);
  return keywords.map((k, i) => {
    const text = typeof k.text === 'string' ? normaliseKeyword(k.text) : '';
    if (text === '') throw new RankInputError('keyword text is empty', i);
    if (text.length > MAX_TEXT)
      throw new RankInputError(`keyword text longer than ${MAX_TEXT} characters`, i);
    if (k.sv !== null && (!Number.isSafeInteger(k.sv) || k.sv < 0 || k.sv > 2_147_483_647)) {
      throw new RankInputError(`search volume must be null or a non-negative integer, got ${k.sv}`, i);
    }
    return { text, sv: k.sv };
  });
}

export interface PreparedMembership {
  keywordId: number;
  tags: string[];
  groups: string[];
}

function labels(values: readonly string[], what: string, row: number): string[] {
  if (!Array.isArray(values)) throw new RankInputError(`${what} must be a list`, row);
  const out = values.map((v) => (typeof v === 'string' ? v.trim() : ''));
  if (out.some((v) => v === '' || v.length > MAX_TEXT))
    throw new RankInputError(`empty or too long ${what}`, row);
  return out;
}

/** Membership entries merged per keyword (a keyword listed twice gets the union of its labels). */
export function prepareMembership(
  campaignId: number,
  market: string,
  entries: readonly CampaignKeywordInput[],
) {
  checkId(campaignId, 'campaign id', null);
  checkMarket(market);
  const byKeyword = new Map<number, { tags: Set<string>; groups: Set<string> }>();
  entries.forEach((e, i) => {
    checkId(e.keywordId, 'keyword id', i);
    const slot = byKeyword.get(e.keywordId) ?? { tags: new Set(), groups: new Set() };
    for (const t of labels(e.tags, 'tag', i)) slot.tags.add(t);
    for (const g of labels(e.groups, 'group', i)) slot.groups.add(g);
    byKeyword.set(e.keywordId, slot);
  });
  return [...byKeyword].map(([keywordId, l]): PreparedMembership => ({
    keywordId,
    tags: [...l.tags].sort(),
    groups: [...l.groups].sort(),
  }));
}

export interface PreparedSerpRow {
  market: string;
  keywordId: number;
  date: string;
  position: number;
  resultType: number;
  url: string;
  host: string;
  domain: string;
  path: string;
  title: string | null;
}

/** Checks every row; duplicate positions within one (market, keyword, date) snapshot are refused. */
export function prepareSerpRows(rows: readonly SerpResultInput[]): PreparedSerpRow[] {
  const seen = new Set<string>();
  return rows.map((r, i) => {
    checkMarket(String(r.market));
    checkId(r.keywordId, 'keyword id', i);
    checkDate(String(r.date), i);
    if (!Number.isInteger(r.position) || r.position < 1 || r.position > MAX_POSITION) {
      throw new RankInputError(`position must be an integer 1–${MAX_POSITION}, got ${r.position}`, i);
    }
    if (typeof r.resultType !== 'string' || !isResultType(r.resultType)) {
      throw new RankInputError(`unknown result type ${JSON.stringify(r.resultType)}`, i);
    }
    const url = typeof r.url === 'string' ? r.url.trim() : '';
    const parts = url.length > MAX_TEXT ? null : parseUrlParts(url);
    if (parts === null) throw new RankInputError(`not a URL: ${JSON.stringify(r.url)}`, i);
    const title = r.title ?? null;
    if (title !== null && (typeof title !== 'string' || title.length > MAX_TEXT)) {
      throw new RankInputError('title must be a string of at most 2000 characters', i);
    }
    const key = `${r.market}|${r.keywordId}|${r.date}|${r.position}`;
    if (seen.has(key)) throw new RankInputError(`position ${r.position} given twice for one snapshot`, i);
    seen.add(key);
    return {
      market: r.market,
      keywordId: r.keywordId,
      date: r.date,
      position: r.position,
      resultType: resultTypeCode(r.resultType),
      url,
      host: parts.host,
      domain: parts.domain,
      path: parts.path,
      title,
    };
  });
}
