// Wide rank-tracker sheets: one row per keyword (optional group and monthly searches), then one position
// column per date and device (`2026-01-27 Mobile`, `2026-01-27 Desktop`, or a bare date). A cell is the
// tracked site's position: 1–100 a rank, 0 "not in the top 100", blank "not checked". The sheet does not say
// which market or which site: the `market` option gives the market (the column's device picks the mobile
// variant), the `target` option the site, whose URL the ranked observations then carry.
import type { KeywordRecord, RankRecord } from '../records';
import { MAX_POSITION } from '@core/ctr';
import { checkDate, checkKeyword, clip, marketCode } from '../normalise';
import { checkVolume, wholeNumber } from './numbers';
import type { UrlInfo } from '../normalise';
import type { FileContext } from './context';
import { KEYWORD_COLUMNS } from './keywords';
import { findColumn, headerKey, readTable } from './table';
import type { RowHandler } from './table';
import type { ByteSource } from './text';

const DATE_COLUMN =
  /^(\d{4}-\d{2}-\d{2})(?:[\s_]+(desktop|mobile))?$|^(desktop|mobile)[\s_]+(\d{4}-\d{2}-\d{2})$/iu;

interface DateColumn {
  index: number;
  date: string;
  market: string;
}

/** True when a header row looks like a wide rank sheet: a keyword column and at least one date column. */
export function isRankSheetHeader(cells: readonly string[]): boolean {
  const keys = cells.map(headerKey);
  return findColumn(keys, KEYWORD_COLUMNS.keyword) >= 0 && cells.some((c) => DATE_COLUMN.test(c.trim()));
}

export function parseRankSheet(source: ByteSource, ctx: FileContext) {
  return readTable(source, ctx, {
    expected: 'a header with Keyword and one column per date (2026-01-27 Mobile, 2026-01-27 Desktop …)',
    header: (cells, line) => rankSheetHeader(cells, line, ctx),
  });
}

function rankSheetHeader(cells: string[], line: number, ctx: FileContext): RowHandler | string {
  const keys = cells.map(headerKey);
  const iKeyword = findColumn(keys, KEYWORD_COLUMNS.keyword);
  if (iKeyword < 0) return `no keyword column (the header has ${cells.map((c) => c.trim()).join(', ')})`;
  const opt = ctx.option;
  if (opt === null) return 'a rank sheet does not say its market: pass a market (e.g. --market gb-en)';
  const iVolume = findColumn(keys, KEYWORD_COLUMNS.volume);
  const iGroup = findColumn(keys, KEYWORD_COLUMNS.group);
  let target: UrlInfo | null = null;
  if (ctx.options.target !== undefined) {
    const t = ctx.urls.normalise(ctx.options.target);
    if (typeof t === 'string') return `the target ${JSON.stringify(ctx.options.target)} is not a site: ${t}`;
    target = t;
  }
  const dates: DateColumn[] = [];
  const unknown: string[] = [];
  cells.forEach((raw, index) => {
    if (index === iKeyword || index === iVolume || index === iGroup) return;
    const m = DATE_COLUMN.exec(raw.trim());
    if (m === null) {
      if (raw.trim() !== '') unknown.push(raw.trim());
      return;
    }
    const d = checkDate(m[1] ?? m[4]!, ctx.today);
    if (typeof d !== 'string') {
      ctx.reject(
        line,
        d.future ? 'future-date' : 'invalid-date',
        `column ${JSON.stringify(raw.trim())} skipped: ${d.error}`,
        {
          column: index + 1,
          field: raw.trim(),
        },
      );
      return;
    }
    const device = (m[2] ?? m[3] ?? '').toLowerCase();
    const mobile = device === '' ? opt.device === 'mobile' : device === 'mobile';
    dates.push({ index, date: d, market: marketCode({ ...opt, device: mobile ? 'mobile' : 'desktop' }) });
  });
  if (unknown.length > 0) ctx.warnings.add('unknown-columns', `columns ignored: ${unknown.join(', ')}`, line);
  if (dates.length === 0) return 'no date columns (such as 2026-01-27 or 2026-01-27 Mobile) in the header';
  const names = cells.map((c) => c.trim());
  const markets = [...new Set(dates.map((d) => d.market))];

  return (row, lineNo) => {
    const keyword = checkKeyword(row[iKeyword] ?? '');
    if (typeof keyword !== 'string') {
      ctx.reject(lineNo, 'invalid-keyword', keyword.error, { column: iKeyword + 1, field: names[iKeyword] });
      return;
    }
    let sv: number | null = null;
    if (iVolume >= 0) {
      const v = checkVolume(row[iVolume] ?? '');
      if ('error' in v) {
        ctx.reject(lineNo, v.mangled ? 'mangled-number' : 'invalid-number', v.error, {
          column: iVolume + 1,
          field: names[iVolume],
        });
        return;
      }
      sv = v.sv;
    }
    const group = iGroup >= 0 ? (row[iGroup] ?? '').trim() : '';
    // The keyword belongs to every market (device) the sheet tracks it in.
    for (const market of markets) {
      const k: KeywordRecord = {
        kind: 'keyword',
        market,
        keyword,
        sv,
        groups: group === '' ? [] : [group],
        tags: [],
        line: lineNo,
      };
      ctx.records.push(k);
    }
    for (const d of dates) {
      const raw = (row[d.index] ?? '').trim();
      if (raw === '') continue;
      const n = wholeNumber(raw);
      if (Number.isNaN(n) || n > MAX_POSITION) {
        const why = Number.isNaN(n)
          ? `position ${JSON.stringify(clip(raw))} is not a whole number`
          : `position ${n} is outside 0–${MAX_POSITION} (0 = not ranked)`;
        ctx.reject(lineNo, 'invalid-position', why, { column: d.index + 1, field: names[d.index] });
        continue;
      }
      const ranked = n >= 1;
      const r: RankRecord = {
        kind: 'rank',
        date: d.date,
        market: d.market,
        keyword,
        position: ranked ? n : null,
        url: ranked && target ? target.url : null,
        host: ranked && target ? target.host : null,
        domain: ranked && target ? target.domain : null,
        path: ranked && target ? target.path : null,
        tags: [],
        line: lineNo,
      };
      ctx.records.push(r);
    }
  };
}
