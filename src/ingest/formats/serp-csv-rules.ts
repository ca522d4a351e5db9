// The generic SERP CSV's cell checks as SerpCsvRules, for the fast path where the store reads the file itself
// (pipeline/fast-csv.ts): each distinct cell text of a column is checked once here, with the functions and
// messages of the streaming parser (serp-csv.ts), so both paths reject the same rows for the same reasons.
import { MAX_POSITION } from '@core/ctr';
import { registrableDomain } from '@core/host-match';
import { RESULT_TYPES, isResultType, resultTypeCode } from '@core/result-types';
import type { SerpCsvColumns, SerpCsvRules } from '@storage/rank/serp-csv-stage';
import type { RejectCode } from '../errors';
import { MAX_TEXT, PLAIN_URL, checkDate, checkKeyword } from '../normalise';
import type { FileContext } from './context';
import { checkCount, checkPosition } from './numbers';
import { digits } from './serp-csv';

const ORGANIC = resultTypeCode('organic');

/** The rules of a file with columns `c`, read on `ctx` (its date, market option and URL memo). */
export function serpCsvRules(ctx: FileContext, c: SerpCsvColumns): SerpCsvRules<RejectCode> {
  const fallbackMarket = ctx.option === null ? null : ctx.resolveMarket({});
  return {
    date(raw) {
      const d = checkDate(raw, ctx.today);
      return typeof d === 'string' ? d : { code: d.future ? 'future-date' : 'invalid-date', reason: d.error };
    },
    market(raw) {
      if (c.market < 0) {
        if (typeof fallbackMarket === 'string') return fallbackMarket;
        const reason = fallbackMarket?.error ?? 'no market column and no market option';
        return { code: 'missing-market', reason, column: false };
      }
      const empty = raw.trim() === '';
      const m = empty
        ? (fallbackMarket ?? { error: 'market is empty and no market option was given' })
        : ctx.markets.check(raw);
      if (typeof m === 'string') return m;
      const code = fallbackMarket === null && empty ? 'missing-market' : 'invalid-market';
      return { code, reason: m.error, column: true };
    },
    keyword(raw) {
      const k = checkKeyword(raw);
      return typeof k === 'string' ? k : { code: 'invalid-keyword', reason: k.error };
    },
    position(raw) {
      const n = digits(raw, 0, raw.length);
      if (n >= 1 && n <= MAX_POSITION) return n;
      const p = checkPosition(raw);
      return typeof p === 'string' ? { code: 'invalid-position', reason: p } : p;
    },
    url(raw) {
      const u = ctx.urls.normaliseOnce(raw);
      return typeof u === 'string' ? { code: 'invalid-url', reason: u } : u;
    },
    plainUrls: { ...PLAIN_URL, domain: registrableDomain },
    resultType(raw) {
      const v = raw.trim().toLowerCase();
      if (v === '') return ORGANIC;
      if (isResultType(v)) return resultTypeCode(v);
      const reason = `result type ${JSON.stringify(raw.trim())} is not one of ${RESULT_TYPES.join(', ')}`;
      return { code: 'invalid-result-type', reason };
    },
    sv(raw) {
      if (raw === '') return null;
      const n = digits(raw, 0, raw.length);
      if (n >= 0) return n;
      if (raw.trim() === '') return null;
      const v = checkCount(raw, 'search volume');
      return typeof v === 'string' ? { code: 'invalid-number', reason: v } : v;
    },
    title(raw) {
      // String.prototype.trim removes what the streaming parser's trim of the title range removes.
      const t = raw.trim();
      if (t === '') return null;
      if (t.length > MAX_TEXT)
        return { code: 'invalid-value', reason: `title is longer than ${MAX_TEXT} characters` };
      return t;
    },
    repeated(position, keyword, date) {
      return {
        code: 'duplicate-position',
        reason: `position ${position} appears twice for ${keyword} on ${date}`,
      };
    },
    duplicate(position, keyword, date, market, firstLine) {
      return {
        code: 'duplicate-position',
        reason: `position ${position} is given twice for "${keyword}" on ${date} in ${market} (snapshot starting at line ${firstLine})`,
      };
    },
  };
}
