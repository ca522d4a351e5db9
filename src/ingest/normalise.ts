// Normalisation and validation of the values every importer reads: dates, market codes, keywords and URLs
// (→ host → registrable domain, memoised per import so each distinct URL is parsed once); number cells are
// in formats/numbers.ts. Each check returns the value or a reason string, so the hot loops allocate nothing
// for errors they do not meet.
import { normaliseKeyword } from '@core/keyword';
import { parseUrlParts, registrableDomain } from '@core/host-match';
import { hostNameProblem, quoteUnsafe } from '@core/tracked-value';
import { isCountryCode } from './formats/countries';

/** Longest keyword, URL or title the stores accept (characters). */
export const MAX_TEXT = 2000;

// ---------------------------------------------------------------- dates

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Earliest snapshot date accepted; older dates are typing errors (`0224-05-01`), not rank history. */
export const EARLIEST_DATE = '2000-01-01';

/** `YYYY-MM-DD` of an instant in UTC. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(s: string): boolean {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9]) if (digit(s, i) < 0) return false;
  const y = digit(s, 0) * 1000 + digit(s, 1) * 100 + digit(s, 2) * 10 + digit(s, 3);
  const m = digit(s, 5) * 10 + digit(s, 6);
  const d = digit(s, 8) * 10 + digit(s, 9);
  if (m < 1 || m > 12 || d < 1) return false;
  if (m === 2 && d === 29) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= DAYS_IN_MONTH[m - 1]!;
}

/**
 * The date if valid and not after `today` (both `YYYY-MM-DD`), otherwise the reason. Surrounding spaces are
 * ignored.
 */
export function checkDate(value: string, today: string): string | { error: string; future: boolean } {
  const s = value.length === 10 ? value : value.trim();
  if (!isIsoDate(s)) {
    return { error: `date ${JSON.stringify(clip(value))} is not a calendar date YYYY-MM-DD`, future: false };
  }
  if (s > today) return { error: `date ${s} is in the future (today is ${today})`, future: true };
  if (s < EARLIEST_DATE) return { error: `date ${s} is before ${EARLIEST_DATE}`, future: false };
  return s;
}

// ---------------------------------------------------------------- markets

export type MarketDevice = 'desktop' | 'mobile';

export interface MarketParts {
  country: string;
  language: string;
  device: MarketDevice;
}

const MARKET_SHAPE = /^([a-z]{2})-([a-z]{2})(-mobile)?$/u;
let languageNames: Intl.DisplayNames | null = null;

/** True for an ISO 639-1 code (two lower-case letters) that CLDR knows. */
export function isLanguageCode(code: string): boolean {
  if (!/^[a-z]{2}$/u.test(code)) return false;
  languageNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
  return languageNames.of(code) !== code;
}

export function marketCode(p: MarketParts): string {
  return `${p.country}-${p.language}${p.device === 'mobile' ? '-mobile' : ''}`;
}

/** The parts of a market code such as `gb-en` or `us-en-mobile` (any case, spaces trimmed), or the reason. */
export function parseMarket(value: string): MarketParts | string {
  const v = value.trim().toLowerCase();
  const m = MARKET_SHAPE.exec(v);
  if (!m) {
    return `market ${JSON.stringify(clip(value))} is not a code {country}-{language}[-mobile] such as gb-en or us-en-mobile`;
  }
  const country = m[1]!;
  const language = m[2]!;
  if (!isCountryCode(country)) {
    const hint = country === 'uk' ? ' (the United Kingdom is gb)' : '';
    return `market ${JSON.stringify(v)}: ${country} is not an ISO 3166-1 country code${hint}`;
  }
  if (!isLanguageCode(language))
    return `market ${JSON.stringify(v)}: ${language} is not an ISO 639-1 language code`;
  return { country, language, device: m[3] ? 'mobile' : 'desktop' };
}

/** Validates and normalises market codes, remembering each distinct spelling. */
export class MarketCodes {
  private readonly seen = new Map<string, string | { error: string }>();

  /** The normalised code, or `{error}`. */
  check(value: string): string | { error: string } {
    const hit = this.seen.get(value);
    if (hit !== undefined) return hit;
    const p = parseMarket(value);
    const out = typeof p === 'string' ? { error: p } : marketCode(p);
    if (this.seen.size < 10_000) this.seen.set(value, out);
    return out;
  }
}

// ---------------------------------------------------------------- keywords and text

/** Normalised keyword (core rules), or `{error}` when empty or too long. */
export function checkKeyword(value: string): string | { error: string } {
  const k = isNormalisedAscii(value) ? value : normaliseKeyword(value);
  if (k === '') return { error: 'keyword is empty' };
  if (k.length > MAX_TEXT) return { error: `keyword is longer than ${MAX_TEXT} characters` };
  return k;
}

/** True when `normaliseKeyword` would return the string unchanged: lower-case ASCII, single inner spaces. */
function isNormalisedAscii(s: string): boolean {
  const n = s.length;
  if (n === 0) return false;
  let prevSpace = true;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 32) {
      if (prevSpace) return false;
      prevSpace = true;
    } else if (c < 33 || c > 126 || (c >= 65 && c <= 90)) {
      return false;
    } else {
      prevSpace = false;
    }
  }
  return !prevSpace;
}

/**
 * A copy of a string that does not keep the text it was cut from alive. V8 represents `text.slice(…)` as a
 * view into `text`; a memo that keeps such a slice keeps the whole input chunk (often 1 MiB) in memory.
 * Anything held beyond one batch (memo keys, dictionary entries in a writer) should be detached.
 */
export function detach(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}

/**
 * True when `text` holds `ref` at `start` (the caller has checked that the lengths fit). A plain loop: for the
 * short strings compared per row it is several times cheaper than `startsWith` with a position.
 */
export function sameText(text: string, start: number, ref: string): boolean {
  for (let i = 0, n = ref.length; i < n; i++)
    if (text.charCodeAt(start + i) !== ref.charCodeAt(i)) return false;
  return true;
}

/** Shortens a cell for an error message. */
export function clip(value: string, max = 60): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

// ---------------------------------------------------------------- URLs

export interface UrlInfo {
  /** The URL as given, trimmed, without a `#:~:text=` highlight fragment. */
  url: string;
  host: string;
  domain: string;
  path: string;
}

const MEMO_CAPACITY = 1 << 19; // distinct URLs the memo holds (~524,288) before it starts afresh

/**
 * URL → host → registrable domain, with a per-import memo: each distinct URL is parsed once and each distinct
 * host looked up in the public suffix list once. The memo is an open-addressing hash table keyed by the
 * URL's characters where they lie in the input (`lookup(text, start, end)`), so a URL seen before costs a
 * hash and a comparison, not a substring. It holds up to 524,288 URLs and then starts afresh, which bounds
 * its memory on huge imports of mostly distinct URLs. Plain `http(s)://host/path` URLs take a hand-written
 * path; anything unusual (ports, user info, IDN, IPv6, dot segments, non-ASCII) goes through WHATWG URL
 * parsing in `@core/host-match`, which is what the fast path reproduces for the plain case.
 */
export class UrlNormaliser {
  // Open addressing, linear probing; each slot is [hash, entry index + 1] side by side so a probe touches one
  // cache line. The table doubles when half full, up to twice MEMO_CAPACITY slots.
  private slots = new Int32Array(2 * 4096);
  private keys: string[] = [];
  private values: (UrlInfo | string)[] = [];
  /** Host → registrable domain, or null for a host no public web address can have (hostNameProblem). */
  private readonly domains = new Map<string, string | null>();
  /** Distinct URLs parsed (memo misses), for tests and statistics. */
  parsed = 0;

  /** Host, domain and path of a URL, or the reason it has none. */
  normalise(raw: string): UrlInfo | string {
    return this.lookup(raw, 0, raw.length);
  }

  /** The same for the URL written in `text[start, end)`, without cutting it out when it was seen before. */
  lookup(text: string, start: number, end: number): UrlInfo | string {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    const len = end - start;
    let slot = h & mask;
    for (;;) {
      const e = slots[2 * slot + 1]!;
      if (e === 0) break;
      if (slots[2 * slot] === h) {
        const k = this.keys[e - 1]!;
        if (k.length === len && sameText(text, start, k)) return this.values[e - 1]!;
      }
      slot = (slot + 1) & mask;
    }
    const raw = start === 0 && end === text.length ? text : text.slice(start, end);
    const value = this.parse(raw);
    this.parsed++;
    this.insert(h, typeof value !== 'string' && value.url === raw ? value.url : detach(raw), value);
    return value;
  }

  /** The same without remembering the URL, for a caller that keeps its own memo (the column sink). */
  normaliseOnce(raw: string): UrlInfo | string {
    this.parsed++;
    return this.parse(raw);
  }

  private insert(h: number, key: string, value: UrlInfo | string): void {
    if (this.keys.length >= MEMO_CAPACITY) {
      this.slots = new Int32Array(2 * 4096);
      this.keys = [];
      this.values = [];
    } else if (2 * (this.keys.length + 1) > this.slots.length >> 1) {
      this.grow();
    }
    this.keys.push(key);
    this.values.push(value);
    this.place(this.slots, h, this.keys.length);
  }

  private place(slots: Int32Array, h: number, entry: number): void {
    const mask = (slots.length >> 1) - 1;
    let slot = h & mask;
    while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
    slots[2 * slot] = h;
    slots[2 * slot + 1] = entry;
  }

  private grow(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) if (old[i + 1] !== 0) this.place(slots, old[i]!, old[i + 1]!);
    this.slots = slots;
  }

  /** The host's registrable domain, or null when it is not a valid host name; checked once per host. */
  private domainOf(host: string): string | null {
    let d = this.domains.get(host);
    if (d === undefined) {
      // IPv6 literals are written by WHATWG parsing itself; every other host must be a valid name.
      d = host.startsWith('[') || hostNameProblem(host) === null ? registrableDomain(host) : null;
      if (this.domains.size < MEMO_CAPACITY) this.domains.set(detach(host), d);
    }
    return d;
  }

  /** The URL's parts, or the reason its host is refused (naming the URL and the host). */
  private parts(url: string, host: string, path: string): UrlInfo | string {
    const domain = this.domainOf(host);
    if (domain === null) return `URL ${quoteUnsafe(clip(url))}: ${hostNameProblem(host)!}`;
    return { url, host, domain, path };
  }

  private parse(raw: string): UrlInfo | string {
    let url = detach(raw.trim());
    const highlight = url.indexOf('#:~:');
    if (highlight >= 0) url = url.slice(0, highlight);
    if (url === '') return 'URL is empty';
    if (url.length > MAX_TEXT) return `URL is longer than ${MAX_TEXT} characters`;
    const fast = plainUrl(url);
    if (fast !== null) {
      const [host, path] = fast;
      if (!hostHasName(host)) return `URL ${JSON.stringify(clip(url))} has no host name`;
      return this.parts(url, host, path);
    }
    if (/\s/u.test(url)) return `URL ${JSON.stringify(clip(url))} contains whitespace`;
    if (url.startsWith('/') && !url.startsWith('//')) return `URL ${JSON.stringify(clip(url))} has no host`;
    const scheme = /^([a-z][a-z0-9+.-]*):/iu.exec(url);
    const hostAndPort = /^[^/:?#@]+:\d*([/?#]|$)/u.test(url); // `example.com:8080/x` has no scheme
    // A dotted name before the colon (`example.com:\x`) is a host, as WHATWG reads it: no real scheme has a dot.
    if (
      scheme &&
      !scheme[1]!.includes('.') &&
      !hostAndPort &&
      !/^https?$/iu.test(scheme[1]!) &&
      !url.slice(scheme[0].length).startsWith('//')
    ) {
      return `URL ${JSON.stringify(clip(url))} has no host (${scheme[1]!.toLowerCase()}: link)`;
    }
    const parts = parseUrlParts(url.startsWith('//') ? `http:${url}` : url);
    if (parts === null) return `URL ${JSON.stringify(clip(url))} is not a valid URL`;
    if (!hostHasName(parts.host)) return `URL ${JSON.stringify(clip(url))} has no host name`;
    return this.parts(url, parts.host, parts.path);
  }
}

/** Characters of a plain path (PLAIN_URL): printable ASCII that WHATWG keeps as is, without `?` and `#`. */
const PATH_CHARS = '!$-;=@-\\[\\]_a-z~';

/**
 * The plainest URLs as patterns an engine can apply itself (the CSV fast path splits a file's URLs in SQL):
 * a text that fully matches `pattern` and has no match of `excluding` normalises to itself, with its host
 * in group 1 and its path in group 2 ('/' when the group is empty) — what UrlNormaliser gives it, always
 * with a host name. It is a strict subset of what plainUrl takes: `http(s)://` in one case, a lower-case
 * host of dotted labels, no fragment, no whitespace, at most `maxLength` characters, and none of the forms
 * WHATWG parsing rewrites (dot segments, `%2e`, a numeric last label, punycode). The syntax is common to
 * RE2 and JavaScript; a property test holds the two to the normaliser.
 */
export const PLAIN_URL = {
  pattern: `(?:https?|HTTPS?)://([a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)+)(/[${PATH_CHARS}]*)?(?:\\?[?${PATH_CHARS}]*)?`,
  // Dot segments and `%2e` anywhere after the host (the query too: stricter than plainUrl), and a host that
  // is punycode, ends in a numeric label, or has a label that is not a host name's (hostNameProblem: a
  // hyphen at either end, more than 63 characters) — those the normaliser refuses.
  excluding:
    '/\\.\\.?(?:[/?]|$)|%2[eE]|^[^/]*//[^/?]*(?:xn--|\\.(?:[0-9]+|0x[0-9a-f]*)(?:[/?]|$)|\\.-|-\\.|-(?:[/?]|$)|[a-z0-9-]{64})',
  maxLength: MAX_TEXT,
} as const;

/** A host name with a dot (`example.com`, `10.0.0.1`) or an IPv6 literal; not `localhost` or `-`. */
function hostHasName(host: string): boolean {
  if (host.startsWith('[')) return true;
  const dot = host.indexOf('.');
  return dot > 0 && dot < host.length - 1 && !host.includes('..');
}

/**
 * [host, path] of `http(s)://host[/path][?query][#fragment]` or `host/path` when every character is plain
 * ASCII that WHATWG parsing would keep as is and the host is only letters, digits, dots and hyphens; null
 * otherwise (the caller falls back to full parsing).
 */
function plainUrl(url: string): [string, string] | null {
  let start = 0;
  const c0 = url.charCodeAt(0) | 32;
  if (c0 === 104 /* h */ && url.length > 8) {
    if (url.startsWith('https://') || url.startsWith('HTTPS://')) start = 8;
    else if (url.startsWith('http://') || url.startsWith('HTTP://')) start = 7;
  }
  if (start === 0 && url.indexOf(':') >= 0 && !/^[^/:?#]+(\/|$)/u.test(url)) return null;
  const n = url.length;
  let hostEnd = n;
  let upper = false;
  for (let i = start; i < n; i++) {
    const c = url.charCodeAt(i);
    if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) {
      hostEnd = i;
      break;
    }
    if (c >= 65 && c <= 90) upper = true;
    else if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 46)) return null;
  }
  if (hostEnd === start) return null;
  let pathEnd = n;
  for (let i = hostEnd; i < n; i++) {
    const c = url.charCodeAt(i);
    // Characters WHATWG would percent-encode or reinterpret: controls, space, " < > \ ^ ` { | } and non-ASCII.
    if (c <= 32 || c >= 127 || c === 34 || c === 60 || c === 62 || c === 92 || c === 94 || c === 96)
      return null;
    if (c === 123 || c === 124 || c === 125) return null;
    if ((c === 63 || c === 35) && pathEnd === n) pathEnd = i;
  }
  const path = hostEnd < pathEnd && url.charCodeAt(hostEnd) === 47 ? url.slice(hostEnd, pathEnd) : '/';
  // Dot segments (`/./`, `/../`, also percent-encoded) are resolved by WHATWG parsing: leave them to it.
  if ((path.includes('/.') && /\/\.\.?(\/|$)/u.test(path)) || /%2e/iu.test(path)) return null;
  let host = url.slice(start, hostEnd);
  if (upper) host = host.toLowerCase();
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host.startsWith('.') || host.startsWith('-')) return null;
  // A host whose last label is a number is an IPv4 address to WHATWG (`10.0.0.1`, or invalid like `a.0`).
  if (/(^|\.)(\d+|0x[\da-f]*)$/u.test(host)) return null;
  // Punycode labels must decode to a valid IDN; WHATWG parsing checks that (`xn--x4--v8` is refused there).
  if (host.includes('xn--')) return null;
  return [host, path];
}
