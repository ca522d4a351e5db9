// Per-file parsing state shared by every format: the options of the import, the records and rejects of the
// current batch, warnings, and the market rule — the file's own market parts win, the `market` option fills
// in the parts the file does not give (a whole market, or only the language), and a file that disagrees
// with the option is reported once.
import { WarningLog } from '../errors';
import type { Reject, RejectCode } from '../errors';
import type { IngestRecord, ParseBatch } from '../records';
import { MarketCodes, UrlNormaliser, marketCode, parseMarket, utcDate } from '../normalise';
import type { MarketDevice, MarketParts } from '../normalise';

export interface ParseOptions {
  /** When the import runs: dates after this instant's UTC day are rejected as future dates. */
  now: Date;
  /** Market code (`gb-en`, `us-en-mobile`) for files that lack one, or lack its language. */
  market?: string;
  /** Tracked site (domain, host or URL) a wide rank sheet reports on; its ranks then carry this URL. */
  target?: string;
  /** Longest CSV line accepted, in characters (default 65,536). */
  maxLineLength?: number;
  /** Largest JSON document accepted, in bytes (default 64 MiB). */
  maxJsonBytes?: number;
  /** The per-import URL memo; pass the same instance for every file of one import. */
  urls?: UrlNormaliser;
}

export const DEFAULT_MAX_JSON_BYTES = 64 * 1024 * 1024;

/** Market parts a file states; null or absent when it does not say. */
export interface FoundMarket {
  country?: string | null;
  language?: string | null;
  device?: MarketDevice | null;
}

export class FileContext {
  readonly today: string;
  readonly warnings: WarningLog;
  readonly urls: UrlNormaliser;
  readonly markets = new MarketCodes();
  records: IngestRecord[] = [];
  rejects: Reject[] = [];
  rowsRead = 0;
  /** The `market` option's parts; null when absent. Validated by the dispatcher before parsing. */
  readonly option: MarketParts | null;
  private readonly resolved = new Map<string, string | { error: string }>();

  constructor(
    readonly file: string,
    readonly options: ParseOptions,
  ) {
    this.today = utcDate(options.now);
    this.warnings = new WarningLog(file);
    this.urls = options.urls ?? new UrlNormaliser();
    const p = options.market === undefined ? null : parseMarket(options.market);
    this.option = p === null || typeof p === 'string' ? null : p;
  }

  reject(
    line: number | null,
    code: RejectCode,
    reason: string,
    at?: { column?: number; field?: string; pointer?: string; fatal?: boolean },
  ): void {
    this.rejects.push({ file: this.file, line, code, reason, ...at });
  }

  /** The records and rejects gathered since the last batch. */
  batch(bytesRead: number): ParseBatch {
    const b: ParseBatch = {
      file: this.file,
      records: this.records,
      rejects: this.rejects,
      warnings: [],
      bytesRead,
      rowsRead: this.rowsRead,
    };
    this.records = [];
    this.rejects = [];
    return b;
  }

  /** The last batch of the file, with its warnings. */
  finish(bytesRead: number): ParseBatch {
    const b = this.batch(bytesRead);
    b.warnings = this.warnings.drain();
    return b;
  }

  /**
   * The market code for what the file says, completed from the `market` option; `{error}` when a part is
   * missing and no option supplies it. A device the file does not state is the option's, else desktop.
   */
  resolveMarket(found: FoundMarket): string | { error: string } {
    const key = `${found.country ?? ''}|${found.language ?? ''}|${found.device ?? ''}`;
    const hit = this.resolved.get(key);
    if (hit !== undefined) return hit;
    const out = this.resolveUncached(found);
    this.resolved.set(key, out);
    return out;
  }

  private resolveUncached(found: FoundMarket): string | { error: string } {
    const opt = this.option;
    const country = found.country ?? opt?.country ?? null;
    const language = found.language ?? opt?.language ?? null;
    if (country === null || language === null) {
      const says =
        country !== null
          ? `gives the country (${country}) but not the language`
          : found.language
            ? `gives the language (${found.language}) but not the country`
            : 'does not say which market it is for';
      const example = country !== null ? `${country}-en` : 'gb-en';
      return { error: `the file ${says}; pass a market (e.g. --market ${example})` };
    }
    const parts: MarketParts = { country, language, device: found.device ?? opt?.device ?? 'desktop' };
    const code = marketCode(parts);
    const checked = this.markets.check(code);
    if (typeof checked !== 'string') return checked;
    if (opt !== null) {
      const optCode = marketCode(opt);
      if (found.country && found.language && optCode !== code) {
        this.warnings.add(
          'market-mismatch',
          `the file is for market ${code}, not ${optCode} as the market option says; ${code} was used`,
        );
      } else if (found.country && !found.language && found.country !== opt.country) {
        this.warnings.add(
          'market-language',
          `the file gives country ${found.country} but no language; the language ${opt.language} of the market option ${optCode} was used`,
        );
      }
    }
    return checked;
  }
}
