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
import { FLUSH_ROWS, SerpColumns } from './serp-columns';
import { StagedSnapshots } from './staged-snapshots';
import type { SerpColumnRows, SerpColumnSink } from '../formats/generic-columns';
import { detach } from '../normalise';
import type { UrlInfo } from '../normalise';
import type {
  IngestRecord,
  KeywordRecord,
  RankRecord,
  SearchConsoleFiltersRecord,
  SearchConsoleRecord,
  SerpResultRecord,
} from '../records';

const DAY_MS = 86_400_000;

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
  /**
   * The last Filters.csv of a Search Console export. Kept by reference: its parser completes the record as
   * the table's rows are read, and a last row without a line break (as Search Console writes it) is read
   * after the batch that carried the record, so copying its fields on arrival lost the period.
   */
  private gscFilters: SearchConsoleFiltersRecord | null = null;

  /** The search type Filters.csv names (lower case), once the import's files are read. */
  get searchType(): string | null {
    return this.gscFilters?.searchType ?? null;
  }

  /** The period Filters.csv names ('Last 6 months', a date range), once the import's files are read. */
  get period(): string | null {
    return this.gscFilters?.dateRange ?? null;
  }

  private readonly keywordIds = new Map<string, number>();
  private readonly urlIds = new Map<string, number>();
  private readonly urlTitles: (string | null)[] = [];
  private readonly snapshots = new StagedSnapshots();
  private readonly pageHosts = new Map<string, number>();
  private part = -1;
  private file = '';
  private serp = new SerpColumns();
  private urls: StagedUrl[] = [];
  private ranks: StagedRankRow[] = [];
  private gsc: SearchConsoleRowInput[] = [];
  private readonly dayOf = new Map<string, number>();
  // Stager ids of the column sink's keyword and URL ids (-1: not used by an accepted row yet).
  private columnKeyword: Int32Array = new Int32Array(1024).fill(-1);
  private columnUrl: Int32Array = new Int32Array(8192).fill(-1);
  private columns: SerpColumnSink | null = null;

  constructor(private readonly sink: RankImport | null) {}

  /** Starts the next file of the import (parts number the files in order). */
  startFile(file: string): void {
    this.flushFileWarnings();
    this.part = this.snapshots.startFile();
    this.file = file;
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
          this.gscFilters = r;
          break;
      }
    }
    this.counts.records += accepted;
    await this.flush(false);
    return accepted;
  }

  /**
   * Stages rows of the generic SERP CSV's column sink (the same checks and outcome as `add` with the records
   * the rows stand for); returns how many were accepted.
   */
  async addColumns(from: SerpColumnSink, rows: SerpColumnRows): Promise<number> {
    if (from.keywords.length > this.columnKeyword.length)
      this.columnKeyword = wider(this.columnKeyword, from.keywords.length);
    if (from.urlCount > this.columnUrl.length) this.columnUrl = wider(this.columnUrl, from.urlCount);
    this.columns = from;
    const kwMap = this.columnKeyword;
    const urlMap = this.columnUrl;
    let accepted = 0;
    for (let i = 0; i < rows.count; i++) {
      const ck = rows.keyword[i]!;
      let kw = kwMap[ck]!;
      if (kw < 0) {
        const k = from.keywords[ck]!;
        kw = kwMap[ck] = this.keywordId(k.market, k.text);
      }
      const sv = rows.sv[i]!;
      if (sv >= 0) this.keywords[kw]!.sv = sv;
      const day = rows.day[i]!;
      const line = rows.line[i]!;
      const position = rows.position[i]!;
      if (!this.snapshots.mark(kw, day, position, line)) {
        const k = from.keywords[ck]!;
        this.duplicate(line, position, k.text, from.dates.get(day)!, k.market);
        continue;
      }
      const t = rows.title[i]!;
      const title = t < 0 ? null : from.titles[t]!;
      const cu = rows.url[i]!;
      let url = urlMap[cu]!;
      if (url < 0) {
        url = urlMap[cu] = this.columnUrlId(from.urlInfo(cu), title);
      } else if (title !== null && this.urlTitles[url] !== title) {
        const u = from.urlInfo(cu);
        this.urlTitles[url] = title;
        this.urls.push({ localId: url, url: u.url, host: u.host, domain: u.domain, path: u.path, title });
      }
      this.serp.push(kw, day, position, rows.resultType[i]!, url, this.part);
      this.counts.serpResults++;
      accepted++;
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

  /**
   * Drops the lookups only staging needs (URL, snapshot and day maps, the column sink's dictionaries) once
   * everything is flushed, so a large import's commit runs with that memory freed. Keywords stay: the commit
   * takes them.
   */
  release(): void {
    this.urlIds.clear();
    this.urlTitles.length = 0;
    this.snapshots.release();
    this.dayOf.clear();
    this.columnKeyword = new Int32Array(0);
    this.columnUrl = new Int32Array(0);
    this.columns?.release();
    this.columns = null;
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
    const superseded = this.snapshots.takeSuperseded();
    if (superseded > 0) {
      this.warnings.push({
        file: this.file,
        code: 'superseded-snapshot',
        message: `${superseded} SERP snapshots were also in an earlier file of this import; this file's rows replace them`,
        count: superseded,
      });
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

  /**
   * The id of a column sink URL at its first accepted row. Only URLs of record files are in `urlIds`; the
   * sink keeps its own, so a URL is held once (its strings are the sink's, already detached).
   */
  private columnUrlId(u: UrlInfo, title: string | null): number {
    const id = this.urlIds.get(u.url);
    if (id !== undefined) {
      if (title !== null && this.urlTitles[id] !== title) {
        this.urlTitles[id] = title;
        this.urls.push({ localId: id, ...u, title });
      }
      return id;
    }
    const fresh = this.urlTitles.length;
    this.urlTitles.push(title);
    this.urls.push({ localId: fresh, ...u, title });
    return fresh;
  }

  private urlId(url: string, host: string, domain: string, path: string, title: string | null): number {
    let id = this.urlIds.get(url);
    if (id === undefined && this.columns !== null) {
      // The same URL may have come from a generic SERP CSV file of this import.
      const cu = this.columns.find(url);
      const known = cu >= 0 && cu < this.columnUrl.length ? this.columnUrl[cu]! : -1;
      if (known >= 0) {
        id = known;
        this.urlIds.set(detach(url), id);
      }
    }
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

  private addSerp(r: SerpResultRecord): boolean {
    const kw = this.keywordId(r.market, r.keyword);
    if (r.sv !== null) this.keywords[kw]!.sv = r.sv;
    const day = this.day(r.date);
    if (!this.snapshots.mark(kw, day, r.position, r.line)) {
      this.duplicate(r.line, r.position, r.keyword, r.date, r.market);
      return false;
    }
    const url = this.urlId(r.url, r.host, r.domain, r.path, r.title);
    this.serp.push(kw, day, r.position, resultTypeCode(r.resultType), url, this.part);
    this.counts.serpResults++;
    return true;
  }

  /** Rejects a row whose position its snapshot (the one marked last) already has. */
  private duplicate(
    line: number | null,
    position: number,
    keyword: string,
    date: string,
    market: string,
  ): void {
    const first = this.snapshots.lastFirstLine;
    this.rejects.push({
      file: this.file,
      line,
      code: 'duplicate-position',
      reason: `position ${position} is given twice for "${keyword}" on ${date} in ${market}${
        first !== null ? ` (snapshot starting at line ${first})` : ''
      }`,
    });
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
    this.snapshots.touch(kw, this.day(r.date), r.line);
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

/** A copy of `a` with room for `n` entries, the new ones -1. */
function wider(a: Int32Array, n: number): Int32Array {
  const b = new Int32Array(Math.max(n, a.length * 2)).fill(-1);
  b.set(a);
  return b;
}

function pageHost(page: string): string | null {
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//iu.test(page) ? page : `https://${page}`);
    return u.hostname === '' ? null : u.hostname.toLowerCase();
  } catch {
    return null;
  }
}
