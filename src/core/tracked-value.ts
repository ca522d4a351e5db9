// The strict reading of a tracked value (a campaign's domain, host or host with a path, DESIGN §3) that a
// user types: the same parser as the explorer (host-match.ts) plus the rules that keep stored values clean.
// A value is refused, with the reason, when it carries a query or fragment, a port, credentials, a scheme
// other than http(s), characters a host cannot have, `.` or `..` path segments, control or bidirectional
// characters, or has no dot in its host (an intranet name cannot rank in a public search engine).
import { parseHostFilter, type HostFilter } from './host-match';

export type TrackedValueResult = { ok: true; filter: HostFilter } | { ok: false; reason: string };

/**
 * True when the text holds a C0 or C1 control character, DEL, or a bidirectional override or isolate
 * (U+202A–U+202E, U+2066–U+2069): characters that hide or reorder what a person reads.
 */
export function hasUnsafeCharacters(text: string): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (
      c < 0x20 ||
      (c >= 0x7f && c <= 0x9f) ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2066 && c <= 0x2069)
    ) {
      return true;
    }
  }
  return false;
}

/**
 * The text as JSON writes a string, with bidirectional overrides and isolates also written as `\u202e`, so
 * a message can name a value without the value reordering or hiding the message around it.
 */
export function quoteUnsafe(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu,
    (ch) => `\\u${ch.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
}

// Underscores are not valid in DNS names but do occur in real result hosts (blogspot subdomains).
const HOST_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/u;

/**
 * Why a lower-case host (no trailing dot) is not a host name a public web address can have — a label empty,
 * longer than 63 characters, starting or ending with a hyphen, or holding anything but letters, digits,
 * hyphens and underscores (`=evil.example`) — or null when it is one. IPv4 addresses pass (digit labels).
 */
export function hostNameProblem(host: string): string | null {
  if (host.split('.').every((l) => HOST_LABEL.test(l))) return null;
  return `${quoteUnsafe(host)} is not a valid host name (letters, digits and hyphens between dots)`;
}
const PATH_SEGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%]*$/u;

export function parseTrackedValue(raw: string): TrackedValueResult {
  const value = raw.trim();
  const no = (reason: string): TrackedValueResult => ({ ok: false, reason });
  if (value === '') return no('it is empty: type a domain such as example.com');
  if (hasUnsafeCharacters(value)) return no('it holds control or text-direction characters');
  if (/\s/u.test(value)) return no('it holds a space');
  if (/["'<>\\`^{}|]/u.test(value))
    return no('it holds a character a web address cannot have (quote, <, >, \\ …)');
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//iu.exec(value);
  if (scheme && !/^https?$/iu.test(scheme[1]!))
    return no(`${scheme[1]}:// is not a web address: use http(s) or none`);
  const rest = scheme ? value.slice(scheme[0].length) : value;
  const authority = rest.split(/[/?#]/u, 1)[0]!;
  if (authority.includes('@')) return no('it holds a user name or password (@)');
  if (authority.includes(':')) return no('it names a port: track the host without one');
  if (/[?#]/u.test(rest)) return no('it has a query (?) or fragment (#): track a host or a path only');
  const host = authority.toLowerCase().replace(/\.$/u, '');
  if (!host.includes('.'))
    return no(`${host || 'the host'} has no dot: give a public domain such as example.com`);
  // Internationalised names pass in their punycode form; the URL parser below converts them.
  const ascii = parseHostFilter(value);
  if (ascii === null) return no('it is not a domain, host or host with a path (e.g. example.com/blog)');
  const badHost = hostNameProblem(ascii.host);
  if (badHost !== null) return no(badHost);
  const path = rest.slice(authority.length);
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..')) return no('its path holds . or .. segments');
  if (!segments.every((s) => PATH_SEGMENT.test(s)))
    return no('its path holds characters a URL path cannot have');
  return { ok: true, filter: ascii };
}
