import { describe, expect, it } from 'vitest';
import { hostNameProblem, parseTrackedValue, quoteUnsafe } from './tracked-value';

const ok = (v: string) => {
  const r = parseTrackedValue(v);
  if (!r.ok) throw new Error(`${v}: ${r.reason}`);
  return r.filter;
};
const reason = (v: string) => {
  const r = parseTrackedValue(v);
  if (r.ok) throw new Error(`${v} was accepted as ${r.filter.value}`);
  return r.reason;
};

describe('parseTrackedValue', () => {
  it('reads domains, hosts and host+path as the explorer does', () => {
    expect(ok('Example.COM')).toMatchObject({ kind: 'domain', value: 'example.com' });
    expect(ok('https://www.example.co.uk/')).toMatchObject({ kind: 'host', value: 'www.example.co.uk' });
    expect(ok('blog.example.com/Guides/')).toMatchObject({ kind: 'path', value: 'blog.example.com/Guides' });
    expect(ok('bücher.de')).toMatchObject({ kind: 'domain', value: 'xn--bcher-kva.de' });
  });

  it('refuses what must not be stored, saying why', () => {
    expect(reason('')).toMatch(/empty/u);
    expect(reason('../../etc/passwd')).toMatch(/not a valid host/u);
    expect(reason('example.com/../../etc/passwd')).toMatch(/\.\. segments/u);
    expect(reason('"example.com"')).toMatch(/quote/u);
    expect(reason('=evil.example')).toMatch(/not a valid host/u);
    expect(reason('exa mple.com')).toMatch(/space/u);
    expect(reason('example.com\u202e')).toMatch(/text-direction/u);
    expect(reason('example.com/a\nb')).toMatch(/control/u);
    expect(reason('ftp://example.com')).toMatch(/ftp/u);
    expect(reason('example.com:8080')).toMatch(/port/u);
    expect(reason('user@example.com')).toMatch(/@/u);
    expect(reason('example.com/?q=1')).toMatch(/query/u);
    expect(reason('localhost')).toMatch(/no dot/u);
    expect(reason('-bad.example.com')).toMatch(/not a valid host/u);
  });
});

describe('hostNameProblem', () => {
  it('passes host names, IPv4 addresses and underscores, and names what it refuses', () => {
    for (const host of ['example.com', 'my_blog.blogspot.com', '10.0.0.1', 'xn--bcher-kva.de'])
      expect(hostNameProblem(host), host).toBeNull();
    for (const host of ['=evil.example', 'a-.example.com', 'a..b', `${'x'.repeat(64)}.com`, 'it"s.com'])
      expect(hostNameProblem(host), host).toBe(
        `${JSON.stringify(host)} is not a valid host name (letters, digits and hyphens between dots)`,
      );
  });
});

describe('quoteUnsafe', () => {
  it('writes control and text-direction characters as escapes, so a message stays readable', () => {
    expect(quoteUnsafe('a\u0000b\r\n')).toBe('"a\\u0000b\\r\\n"');
    expect(quoteUnsafe('invoice\u202Efdp.exe\u2066')).toBe('"invoice\\u202efdp.exe\\u2066"');
    expect(quoteUnsafe('plain.csv')).toBe('"plain.csv"');
  });
});
