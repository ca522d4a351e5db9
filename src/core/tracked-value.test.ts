import { describe, expect, it } from 'vitest';
import { parseTrackedValue } from './tracked-value';

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
