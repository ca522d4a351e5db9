import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  matchesAnyHostFilter,
  matchesHostFilter,
  parseHostFilter,
  parseUrlParts,
  registrableDomain,
  type HostFilter,
  type UrlParts,
} from './host-match';

// A label starting `xn--` is punycode and must decode; WHATWG URL refuses one that does not, so
// generated labels never take that prefix.
const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/).filter((l) => !l.startsWith('xn--'));
const suffix = fc.constantFrom('com', 'co.uk', 'org', 'org.uk', 'net', 'io', 'de', 'com.au');
const domainArb = fc.tuple(label, suffix).map(([l, s]) => `${l}.${s}`);
const subArb = fc.array(label, { minLength: 1, maxLength: 3 }).map((ls) => ls.join('.'));
const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/);
const pathArb = fc.array(segment, { maxLength: 4 }).map((s) => `/${s.join('/')}`);

function filter(value: string): HostFilter {
  const f = parseHostFilter(value);
  if (f === null) throw new Error(`not a filter: ${value}`);
  return f;
}

function url(value: string): UrlParts {
  const u = parseUrlParts(value);
  if (u === null) throw new Error(`not a URL: ${value}`);
  return u;
}

describe('registrableDomain', () => {
  it('uses the public suffix list', () => {
    expect(registrableDomain('www.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomain('Blog.Example.COM.')).toBe('example.com');
    expect(registrableDomain('en.wiki.org.uk')).toBe('wiki.org.uk');
    expect(registrableDomain('localhost')).toBe('localhost');
    expect(registrableDomain('127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('parseHostFilter', () => {
  it('recognises the three kinds', () => {
    expect(filter('Example.com')).toMatchObject({ kind: 'domain', value: 'example.com', path: null });
    expect(filter('blog.example.co.uk')).toMatchObject({ kind: 'host', domain: 'example.co.uk' });
    expect(filter('https://www.example.com/blog/')).toMatchObject({
      kind: 'path',
      value: 'www.example.com/blog',
      host: 'www.example.com',
      path: '/blog',
    });
    expect(filter('www.example.com/')).toMatchObject({ kind: 'host', value: 'www.example.com' });
  });

  it('refuses values that are not hosts', () => {
    for (const v of ['', '   ', 'not a host', 'http://', '://x']) expect(parseHostFilter(v)).toBeNull();
  });

  it('is stable: parsing the canonical value gives the same filter', () => {
    fc.assert(
      fc.property(fc.option(subArb), domainArb, fc.option(pathArb), (sub, d, p) => {
        const f = filter(`${sub === null ? '' : `${sub}.`}${d}${p ?? ''}`);
        expect(parseHostFilter(f.value)).toEqual(f);
      }),
    );
  });
});

describe('matchesHostFilter', () => {
  it('a registrable domain matches the domain and every subdomain, nothing else', () => {
    fc.assert(
      fc.property(domainArb, fc.option(subArb), pathArb, label, (d, sub, p, other) => {
        const f = filter(d);
        expect(f.kind).toBe('domain');
        const host = sub === null ? d : `${sub}.${d}`;
        expect(matchesHostFilter(f, url(`https://${host}${p}`))).toBe(true);
        fc.pre(other !== d.split('.')[0]);
        expect(matchesHostFilter(f, url(`https://${other}-${d}${p}`))).toBe(false);
        expect(matchesHostFilter(f, url(`https://${d}.${other}.net${p}`))).toBe(false);
      }),
    );
  });

  it('a host matches that host only, on any path', () => {
    fc.assert(
      fc.property(subArb, domainArb, pathArb, label, (sub, d, p, other) => {
        const f = filter(`${sub}.${d}`);
        expect(f.kind).toBe('host');
        expect(matchesHostFilter(f, url(`http://${sub}.${d}${p}?q=1`))).toBe(true);
        expect(matchesHostFilter(f, url(`http://${d}${p}`))).toBe(false);
        expect(matchesHostFilter(f, url(`http://${other}.${sub}.${d}${p}`))).toBe(false);
      }),
    );
  });

  it('a host with a path prefix matches the prefix and paths below it on exactly that host', () => {
    fc.assert(
      fc.property(subArb, domainArb, segment, pathArb, (sub, d, seg, rest) => {
        const f = filter(`${sub}.${d}/${seg}`);
        expect(f.kind).toBe('path');
        expect(matchesHostFilter(f, url(`https://${sub}.${d}/${seg}`))).toBe(true);
        expect(matchesHostFilter(f, url(`https://${sub}.${d}/${seg}/`))).toBe(true);
        expect(matchesHostFilter(f, url(`https://${sub}.${d}/${seg}${rest}`))).toBe(true);
        expect(matchesHostFilter(f, url(`https://${sub}.${d}/${seg}x${rest}`))).toBe(false);
        expect(matchesHostFilter(f, url(`https://${d}/${seg}${rest}`))).toBe(false);
        expect(matchesHostFilter(f, url(`https://www2.${sub}.${d}/${seg}`))).toBe(false);
      }),
    );
  });

  it('keeps path case and ignores query strings', () => {
    const f = filter('www.example.com/Blog');
    expect(matchesHostFilter(f, url('https://WWW.example.com/Blog/post?x=/blog'))).toBe(true);
    expect(matchesHostFilter(f, url('https://www.example.com/blog/post'))).toBe(false);
  });

  it('a group matches the union of its members', () => {
    const group = [filter('a.com'), filter('blog.b.com'), filter('www.c.com/news')];
    expect(matchesAnyHostFilter(group, url('https://x.a.com/'))).toBe(true);
    expect(matchesAnyHostFilter(group, url('https://blog.b.com/p'))).toBe(true);
    expect(matchesAnyHostFilter(group, url('https://www.b.com/p'))).toBe(false);
    expect(matchesAnyHostFilter(group, url('https://www.c.com/news/today'))).toBe(true);
    expect(matchesAnyHostFilter(group, url('https://www.c.com/sport'))).toBe(false);
  });
});
