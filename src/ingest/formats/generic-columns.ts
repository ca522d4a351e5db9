// The columnar sink of the generic SERP CSV (serp-csv.ts) for bulk imports: instead of one record object per
// row, accepted rows are written into typed-array columns of import-wide ids — keyword (market + text), day
// number, position, result type, URL, title, volume, line — and each distinct keyword, URL and title is kept
// once. URLs are looked up by their characters where they lie in the input (a hash and a comparison, no
// substring) and only a URL not seen before is cut out and normalised; two spellings of one URL (spaces
// around it, a highlight fragment) get one id. Per URL only its text is kept, with its host as an id and its
// path as offsets into the text (~100 bytes a URL, so a 2 GB file with a million URLs stays small); the
// URL's parts are rebuilt on demand (`urlInfo`). One sink serves every file of an import; the pipeline's
// stager drains the columns after each batch. `toRecords` turns drained columns back into the records the
// default sink would have made (tests compare the two paths with it).
import { RESULT_TYPES, resultTypeCode } from '@core/result-types';
import type { ResultType } from '@core/result-types';
import { detach, sameText } from '../normalise';
import type { UrlInfo, UrlNormaliser } from '../normalise';
import type { SerpResultRecord } from '../records';
import type { SerpRowSink } from './generic-sink';

const DAY_MS = 86_400_000;
const START_ROWS = 16_384;

/** A drained block of rows; ids index the sink's keyword, URL and title lists. */
export interface SerpColumnRows {
  count: number;
  keyword: Int32Array;
  day: Int32Array;
  position: Uint8Array;
  resultType: Uint8Array;
  url: Int32Array;
  /** Title id, or -1 when the row gives none. */
  title: Int32Array;
  /** Search volume, or -1 when the row gives none (a double: volumes may pass 2^31). */
  sv: Float64Array;
  line: Int32Array;
}

/** A keyword of the import: its market and normalised text. */
export interface ColumnKeyword {
  market: string;
  text: string;
}

export class SerpColumnSink implements SerpRowSink {
  readonly keywords: ColumnKeyword[] = [];
  readonly titles: string[] = [];
  /** Date text (`YYYY-MM-DD`) of each day number seen, for messages. */
  readonly dates = new Map<number, string>();

  private rows = emptyRows(START_ROWS);
  private readonly keywordIds = new Map<string, number>();
  private lastMarket = '';
  private lastKeyword = '';
  private lastKeywordId = -1;
  private lastDate = '';
  private lastDay = 0;
  // Memo of URL cells as written: open addressing, [hash, entry + 1] per slot; entry e is keys[e] with its
  // URL id (valid) or the reason it has none.
  private slots = new Int32Array(2 * 8192);
  private readonly keys: string[] = [];
  private readonly entries: (number | string)[] = [];
  private urlId = -1;
  // Per URL id: the normalised URL, its host id, and where its path lies in it (pathStart -1: in oddPaths).
  private readonly urlText: string[] = [];
  private urlHost: Int32Array = new Int32Array(8192);
  private pathStart: Int32Array = new Int32Array(8192);
  private pathEnd: Int32Array = new Int32Array(8192);
  private readonly oddPaths = new Map<number, string>();
  private readonly hostIds = new Map<string, number>();
  private readonly hosts: string[] = [];
  private readonly hostDomains: string[] = [];
  /** Normalised URL → id, for URLs also given in another spelling. */
  private readonly respelled = new Map<string, number>();
  /** Last title id given for each URL id (-1: none yet). */
  private urlTitle: Int32Array = new Int32Array(8192).fill(-1);

  constructor(private readonly normaliser: UrlNormaliser) {}

  /** Distinct URLs (ids 0 … urlCount - 1). */
  get urlCount(): number {
    return this.urlText.length;
  }

  /** The normalised URL of an id with its host, registrable domain and path. */
  urlInfo(id: number): UrlInfo {
    const url = this.urlText[id]!;
    const h = this.urlHost[id]!;
    const ps = this.pathStart[id]!;
    const path = ps < 0 ? this.oddPaths.get(id)! : url.slice(ps, this.pathEnd[id]!);
    return { url, host: this.hosts[h]!, domain: this.hostDomains[h]!, path };
  }

  /** The id of a normalised URL given so far, or -1. */
  find(url: string): number {
    const again = this.respelled.get(url);
    if (again !== undefined) return again;
    const e = this.entry(url, 0, url.length, hash(url, 0, url.length));
    return typeof e === 'number' ? e : -1;
  }

  url(text: string, start: number, end: number): string | null {
    const h = hash(text, start, end);
    const known = this.entry(text, start, end, h);
    if (known !== undefined) {
      if (typeof known === 'string') return known;
      this.urlId = known;
      return null;
    }
    const raw = text.slice(start, end);
    const u = this.normaliser.normaliseOnce(raw);
    let out: string | null = null;
    let key: string;
    if (typeof u === 'string') {
      out = u;
      key = detach(raw);
      this.entries.push(u);
    } else {
      const id = this.idOf(u, raw);
      this.urlId = id;
      key = u.url === raw ? this.urlText[id]! : detach(raw);
      this.entries.push(id);
    }
    this.keys.push(key);
    if (2 * this.keys.length > this.slots.length >> 1) this.grow();
    else place(this.slots, h, this.keys.length);
    return out;
  }

  /** The id of a valid URL first met as the cell `raw`: an earlier spelling's, or a new one. */
  private idOf(u: UrlInfo, raw: string): number {
    if (u.url === raw) return this.respelled.get(u.url) ?? this.addUrl(u);
    let id = this.respelled.get(u.url);
    if (id === undefined) {
      const e = this.entry(u.url, 0, u.url.length, hash(u.url, 0, u.url.length));
      id = typeof e === 'number' ? e : this.addUrl(u);
      this.respelled.set(u.url, id);
    }
    return id;
  }

  private addUrl(u: UrlInfo): number {
    const id = this.urlText.length;
    if (id === this.urlHost.length) {
      this.urlHost = grown(this.urlHost, 0);
      this.pathStart = grown(this.pathStart, 0);
      this.pathEnd = grown(this.pathEnd, 0);
      this.urlTitle = grown(this.urlTitle, -1);
    }
    this.urlText.push(u.url);
    let h = this.hostIds.get(u.host);
    if (h === undefined) {
      h = this.hosts.length;
      this.hosts.push(u.host);
      this.hostDomains.push(u.domain);
      this.hostIds.set(u.host, h);
    }
    this.urlHost[id] = h;
    const at = u.url.indexOf(u.path);
    this.pathStart[id] = at;
    this.pathEnd[id] = at + u.path.length;
    if (at < 0) this.oddPaths.set(id, u.path);
    return id;
  }

  /** The memo entry of the cell `text[start, end)` with hash `h`, or undefined when not seen. */
  private entry(text: string, start: number, end: number, h: number): number | string | undefined {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    const len = end - start;
    let slot = h & mask;
    for (;;) {
      const e = slots[2 * slot + 1]!;
      if (e === 0) return undefined;
      if (slots[2 * slot] === h) {
        const k = this.keys[e - 1]!;
        if (k.length === len && sameText(text, start, k)) return this.entries[e - 1]!;
      }
      slot = (slot + 1) & mask;
    }
  }

  row(
    date: string,
    market: string,
    keyword: string,
    position: number,
    resultType: ResultType,
    sv: number | null,
    text: string,
    titleStart: number,
    titleEnd: number,
    line: number,
  ): void {
    if (keyword !== this.lastKeyword || market !== this.lastMarket) {
      const key = `${market}\u0000${keyword}`;
      let id = this.keywordIds.get(key);
      if (id === undefined) {
        id = this.keywords.length;
        this.keywords.push({ market, text: detach(keyword) });
        this.keywordIds.set(detach(key), id);
      }
      this.lastKeyword = keyword;
      this.lastMarket = market;
      this.lastKeywordId = id;
    }
    if (date !== this.lastDate) {
      this.lastDate = date;
      this.lastDay = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
      if (!this.dates.has(this.lastDay)) this.dates.set(this.lastDay, date);
    }
    const url = this.urlId;
    let title = -1;
    if (titleEnd > titleStart) {
      title = this.urlTitle[url]!;
      const len = titleEnd - titleStart;
      if (
        title < 0 ||
        this.titles[title]!.length !== len ||
        !sameText(text, titleStart, this.titles[title]!)
      ) {
        title = this.titles.length;
        this.titles.push(detach(text.slice(titleStart, titleEnd)));
        this.urlTitle[url] = title;
      }
    }
    let r = this.rows;
    if (r.count === r.keyword.length) r = this.rows = widen(r);
    const i = r.count++;
    r.keyword[i] = this.lastKeywordId;
    r.day[i] = this.lastDay;
    r.position[i] = position;
    r.resultType[i] = resultTypeCode(resultType);
    r.url[i] = url;
    r.title[i] = title;
    r.sv[i] = sv ?? -1;
    r.line[i] = line;
  }

  /** Forgets every keyword, URL and title (the import has staged them all); the sink is then unusable. */
  release(): void {
    this.keywords.length = 0;
    this.titles.length = 0;
    this.dates.clear();
    this.keywordIds.clear();
    this.slots = new Int32Array(0);
    this.keys.length = 0;
    this.entries.length = 0;
    this.urlText.length = 0;
    this.urlHost = new Int32Array(0);
    this.pathStart = new Int32Array(0);
    this.pathEnd = new Int32Array(0);
    this.oddPaths.clear();
    this.hostIds.clear();
    this.hosts.length = 0;
    this.hostDomains.length = 0;
    this.respelled.clear();
    this.urlTitle = new Int32Array(0);
    this.rows = emptyRows(0);
  }

  /** Rows gathered since the last drain. */
  get pending(): number {
    return this.rows.count;
  }

  /** Takes the rows gathered so far. */
  drain(): SerpColumnRows {
    const r = this.rows;
    this.rows = emptyRows(Math.max(START_ROWS, r.keyword.length));
    return r;
  }

  /** The records the default sink would have made of `rows`. */
  toRecords(rows: SerpColumnRows): SerpResultRecord[] {
    const out: SerpResultRecord[] = [];
    for (let i = 0; i < rows.count; i++) {
      const k = this.keywords[rows.keyword[i]!]!;
      const u = this.urlInfo(rows.url[i]!);
      const t = rows.title[i]!;
      const sv = rows.sv[i]!;
      out.push({
        kind: 'serp',
        date: this.dates.get(rows.day[i]!)!,
        market: k.market,
        keyword: k.text,
        position: rows.position[i]!,
        resultType: RESULT_TYPES[rows.resultType[i]!]!,
        url: u.url,
        host: u.host,
        domain: u.domain,
        path: u.path,
        title: t < 0 ? null : this.titles[t]!,
        sv: sv < 0 ? null : sv,
        line: rows.line[i]!,
      });
    }
    return out;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    for (let e = 1; e <= this.keys.length; e++) {
      const k = this.keys[e - 1]!;
      place(slots, hash(k, 0, k.length), e);
    }
    this.slots = slots;
  }
}

/** FNV-1a over the UTF-16 code units of `s[start, end)`. */
function hash(s: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/** `a` twice as long, the new entries `fill`. */
function grown(a: Int32Array, fill: number): Int32Array {
  const b = new Int32Array(a.length * 2);
  if (fill !== 0) b.fill(fill);
  b.set(a);
  return b;
}

function place(slots: Int32Array, h: number, entry: number): void {
  const mask = (slots.length >> 1) - 1;
  let slot = h & mask;
  while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
  slots[2 * slot] = h;
  slots[2 * slot + 1] = entry;
}

function emptyRows(n: number): SerpColumnRows {
  return {
    count: 0,
    keyword: new Int32Array(n),
    day: new Int32Array(n),
    position: new Uint8Array(n),
    resultType: new Uint8Array(n),
    url: new Int32Array(n),
    title: new Int32Array(n),
    sv: new Float64Array(n),
    line: new Int32Array(n),
  };
}

function widen(r: SerpColumnRows): SerpColumnRows {
  const w = emptyRows(r.keyword.length * 2);
  w.count = r.count;
  w.keyword.set(r.keyword);
  w.day.set(r.day);
  w.position.set(r.position);
  w.resultType.set(r.resultType);
  w.url.set(r.url);
  w.title.set(r.title);
  w.sv.set(r.sv);
  w.line.set(r.line);
  return w;
}
