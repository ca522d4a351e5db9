// Turns parsed records into staged RankStore input (RankImport), batch by batch: keywords and URLs get dense
// local ids once each (a distinct URL is normalised and staged once per import), SERP results become
// typed-array columns, and the writer-level checks the parsers cannot make alone happen here — a position
// repeated within one snapshot anywhere in a file is rejected with its line, and a snapshot that a later
// file of the same import gives again replaces the earlier file's rows (with a warning). With no sink (a
// dry run) the same work is done and counted, and nothing is written.
import { resultTypeCode } from '@core/result-types';
import type {
  RankImport,
  SearchConsoleRowInput,
  StagedKeyword,
  StagedRankRow,
  StagedUrl,
} from '@storage/rank-store';
import type { Reject, Warning } from '../errors';
import { detach } from '../normalise';
import type {
  IngestRecord,
  KeywordRecord,
  RankRecord,
  SearchConsoleRecord,
  SerpResultRecord,
} from '../records';

/** SERP rows buffered before they are handed to the sink (the buffer grows if one batch holds more). */
const FLUSH_ROWS = 65_536;
const DAY_MS = 86_400_000;
/** Snapshot keys are keyword id × 2^16 + day number (days since 1970 stay below 2^16 until 2149). */
const DAY_SPAN = 65_536;

interface Snapshot {
  part: number;
  /** Positions 1–100 seen, as a 128-bit set. */
  bits: Uint32Array;
  /** Line of the first row, for messages. */
  line: number | null;
}

/** A warning of the import: a parser's, or one of the writer's own codes. */
export type ImportWarning = Omit<Warning, 'code'> & { code: Warning['code'] | 'superseded-snapshot' };

/** What the stager accepted, by kind (a dry run's "would write"). */
export interface StagedCounts {
  records: number;
  serpResults: number;
  rankObservations: number;
  searchConsoleRows: number;
  keywordRecords: number;
}

class SerpColumns {
  count = 0;
  keyword = new Int32Array(FLUSH_ROWS);
  day = new Int32Array(FLUSH_ROWS);
  position = new Uint8Array(FLUSH_ROWS);
  resultType = new Uint8Array(FLUSH_ROWS);
  url = new Int32Array(FLUSH_ROWS);
  part = new Uint16Array(FLUSH_ROWS);

  push(keyword: number, day: number, position: number, resultType: number, url: number, part: number): void {
    if (this.count === this.keyword.length) this.grow();
    const i = this.count++;
    this.keyword[i] = keyword;
    this.day[i] = day;
    this.position[i] = position;
    this.resultType[i] = resultType;
    this.url[i] = url;
    this.part[i] = part;
  }

  private grow(): void {
    const n = this.keyword.length * 2;
    const widen = <T extends Int32Array | Uint8Array | Uint16Array>(a: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.keyword = widen(this.keyword, (k) => new Int32Array(k));
    this.day = widen(this.day, (k) => new Int32Array(k));
    this.position = widen(this.position, (k) => new Uint8Array(k));
    this.resultType = widen(this.resultType, (k) => new Uint8Array(k));
    this.url = widen(this.url, (k) => new Int32Array(k));
    this.part = widen(this.part, (k) => new Uint16Array(k));
  }
}

export class ImportStager {
  readonly keywords: StagedKeyword[] = [];
  readonly counts: StagedCounts = {
    records: 0,
    serpResults: 0,
    rankObservations: 0,
    searchConsoleRows: 0,
    keywordRecords: 0,
  };
  /** Rejects found by the writer (duplicate positions across a file), in file order. */
  readonly rejects: Reject[] = [];
  readonly warnings: ImportWarning[] = [];
  /** Ranked observations without a URL (a rank sheet read without `target`), per file. */
  readonly ranksWithoutUrl = new Map<string, number>();
  searchType: string | null = null;
  period: string | null = null;

  private readonly keywordIds = new Map<string, number>();
  private readonly urlIds = new Map<string, number>();
  private readonly urlTitles: (string | null)[] = [];
  private readonly snapshots = new Map<number, Snapshot>();
  private readonly pageHosts = new Map<string, number>();
  private lastSnapshotKey = -1;
  private lastSnapshot: Snapshot | null = null;
  private part = -1;
  private file = '';
  private superseded = 0;
  private serp = new SerpColumns();
  private urls: StagedUrl[] = [];
  private ranks: StagedRankRow[] = [];
  private gsc: SearchConsoleRowInput[] = [];
  private readonly dayOf = new Map<string, number>();

  constructor(private readonly sink: RankImport | null) {}

  /** Starts the next file of the import (parts number the files in order). */
  startFile(file: string): void {
    this.flushFileWarnings();
    this.part += 1;
    this.file = file;
    this.lastSnapshotKey = -1;
    this.lastSnapshot = null;
  }

  /** Stages one batch of records; returns how many were accepted. */
  async add(records: readonly IngestRecord[]): Promise<number> {
    let accepted = 0;
    for (const r of records) {
      switch (r.kind) {
        case 'serp':
          if (this.addSerp(r)) accepted++;
          break;
        case 'keyword':
          this.addKeyword(r);
          this.counts.keywordRecords++;
          accepted++;
          break;
        case 'rank':
          if (this.addRank(r)) accepted++;
          break;
        case 'gsc':
          this.addGsc(r);
          accepted++;
          break;
        case 'gsc-filters':
          this.searchType = r.searchType;
          this.period = r.dateRange;
          break;
      }
    }
    this.counts.records += accepted;
    await this.flush(false);
    return accepted;
  }

  /**
   * Hands buffered rows to the sink: everything when `all`, else only buffers that are full enough.
   */
  async flush(all = true): Promise<void> {
    const serpDue = this.serp.count > 0 && (all || this.serp.count >= FLUSH_ROWS - 16_384);
    const ranksDue = this.ranks.length > 0 && (all || this.ranks.length >= 8192);
    if (this.urls.length > 0 && (all || serpDue || ranksDue || this.urls.length >= 8192)) {
      const urls = this.urls;
      this.urls = [];
      await this.sink?.addUrls(urls);
    }
    if (serpDue) {
      const rows = this.serp;
      this.serp = new SerpColumns();
      await this.sink?.addSerpRows(rows);
    }
    if (ranksDue) {
      const ranks = this.ranks;
      this.ranks = [];
      await this.sink?.addRankRows(ranks);
    }
    if (this.gsc.length > 0 && (all || this.gsc.length >= 8192)) {
      const gsc = this.gsc;
      this.gsc = [];
      await this.sink?.addSearchConsoleRows(gsc);
    }
    if (all) this.flushFileWarnings();
  }

  /** Distinct snapshots (SERP and rank) staged. */
  get snapshotCount(): number {
    return this.snapshots.size;
  }

  /** The host most Search Console page URLs name, or null when no row had a page. */
  get pageHost(): string | null {
    let best: string | null = null;
    let n = 0;
    for (const [host, c] of this.pageHosts) {
      if (c > n) {
        best = host;
        n = c;
      }
    }
    return best;
  }

  get hasSearchConsoleRows(): boolean {
    return this.counts.searchConsoleRows > 0;
  }

  private flushFileWarnings(): void {
    if (this.superseded > 0) {
      this.warnings.push({
        file: this.file,
        code: 'superseded-snapshot',
        message: `${this.superseded} SERP snapshots were also in an earlier file of this import; this file's rows replace them`,
        count: this.superseded,
      });
      this.superseded = 0;
    }
  }

  private keywordId(market: string, text: string): number {
    const key = `${market}\u0000${text}`;
    let id = this.keywordIds.get(key);
    if (id === undefined) {
      id = this.keywords.length;
      this.keywords.push({ localId: id, market, text: detach(text), sv: null, tags: [], groups: [] });
      this.keywordIds.set(detach(key), id);
    }
    return id;
  }

  private urlId(url: string, host: string, domain: string, path: string, title: string | null): number {
    let id = this.urlIds.get(url);
    if (id === undefined) {
      id = this.urlTitles.length;
      const kept = detach(url);
      this.urlIds.set(kept, id);
      this.urlTitles.push(title === null ? null : detach(title));
      this.urls.push({
        localId: id,
        url: kept,
        host: detach(host),
        domain: detach(domain),
        path: detach(path),
        title: this.urlTitles[id]!,
      });
    } else if (title !== null && this.urlTitles[id] !== title) {
      const t = detach(title);
      this.urlTitles[id] = t;
      this.urls.push({ localId: id, url: url, host, domain, path, title: t });
    }
    return id;
  }

  private day(date: string): number {
    let d = this.dayOf.get(date);
    if (d === undefined) {
      d = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
      this.dayOf.set(detach(date), d);
    }
    return d;
  }

  /** The snapshot of (keyword, day) for the current file, replacing an earlier file's. */
  private snapshot(keyword: number, day: number, line: number | null): Snapshot {
    const key = keyword * DAY_SPAN + day;
    if (key === this.lastSnapshotKey) return this.lastSnapshot!;
    let snap = this.snapshots.get(key);
    if (snap === undefined) {
      snap = { part: this.part, bits: new Uint32Array(4), line };
      this.snapshots.set(key, snap);
    } else if (snap.part !== this.part) {
      snap.part = this.part;
      snap.bits.fill(0);
      snap.line = line;
      this.superseded++;
    }
    this.lastSnapshotKey = key;
    this.lastSnapshot = snap;
    return snap;
  }

  private addSerp(r: SerpResultRecord): boolean {
    const kw = this.keywordId(r.market, r.keyword);
    if (r.sv !== null) this.keywords[kw]!.sv = r.sv;
    const day = this.day(r.date);
    const snap = this.snapshot(kw, day, r.line);
    const word = r.position >>> 5;
    const bit = 1 << (r.position & 31);
    if ((snap.bits[word]! & bit) !== 0) {
      this.rejects.push({
        file: this.file,
        line: r.line,
        code: 'duplicate-position',
        reason: `position ${r.position} is given twice for "${r.keyword}" on ${r.date} in ${r.market}${
          snap.line !== null ? ` (snapshot starting at line ${snap.line})` : ''
        }`,
      });
      return false;
    }
    snap.bits[word] = snap.bits[word]! | bit;
    const url = this.urlId(r.url, r.host, r.domain, r.path, r.title);
    this.serp.push(kw, day, r.position, resultTypeCode(r.resultType), url, this.part);
    this.counts.serpResults++;
    return true;
  }

  private addKeyword(r: KeywordRecord): void {
    const kw = this.keywords[this.keywordId(r.market, r.keyword)]!;
    if (r.sv !== null) kw.sv = r.sv;
    for (const t of r.tags) if (!kw.tags.includes(t)) kw.tags.push(detach(t));
    for (const g of r.groups) if (!kw.groups.includes(g)) kw.groups.push(detach(g));
  }

  private addRank(r: RankRecord): boolean {
    if (r.position !== null && r.url === null) {
      this.ranksWithoutUrl.set(this.file, (this.ranksWithoutUrl.get(this.file) ?? 0) + 1);
      return false;
    }
    const kw = this.keywordId(r.market, r.keyword);
    const kwEntry = this.keywords[kw]!;
    for (const t of r.tags) if (!kwEntry.tags.includes(t)) kwEntry.tags.push(detach(t));
    const key = kw * DAY_SPAN + this.day(r.date);
    if (!this.snapshots.has(key))
      this.snapshots.set(key, { part: this.part, bits: new Uint32Array(4), line: r.line });
    const url =
      r.url !== null && r.host !== null && r.domain !== null && r.path !== null
        ? this.urlId(r.url, r.host, r.domain, r.path, null)
        : null;
    this.ranks.push({
      keyword: kw,
      date: detach(r.date),
      position: r.position,
      url,
      host: r.host === null ? null : detach(r.host),
    });
    this.counts.rankObservations++;
    return true;
  }

  private addGsc(r: SearchConsoleRecord): void {
    if (r.page !== null) {
      const host = pageHost(r.page);
      if (host !== null && (this.pageHosts.has(host) || this.pageHosts.size < 1000))
        this.pageHosts.set(host, (this.pageHosts.get(host) ?? 0) + 1);
    }
    this.gsc.push({
      source: r.source,
      dimensions: [...r.dimensions].sort().join(','),
      date: r.date,
      query: r.query === null ? null : detach(r.query),
      page: r.page === null ? null : detach(r.page),
      country: r.country,
      device: r.device,
      searchAppearance: r.searchAppearance === null ? null : detach(r.searchAppearance),
      clicks: r.clicks,
      impressions: r.impressions,
      ctr: r.ctr,
      position: r.position,
    });
    this.counts.searchConsoleRows++;
  }
}

function pageHost(page: string): string | null {
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//iu.test(page) ? page : `https://${page}`);
    return u.hostname === '' ? null : u.hostname.toLowerCase();
  } catch {
    return null;
  }
}
