// Dates, market codes, keywords and the URL normaliser (its hand-written fast path checked against WHATWG
// parsing on generated URLs).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseUrlParts } from '@core/host-match';
import { normaliseKeyword } from '@core/keyword';
import { hostNameProblem } from '@core/tracked-value';
import {
  checkDate,
  checkKeyword,
  detach,
  isIsoDate,
  MarketCodes,
  parseMarket,
  UrlNormaliser,
  utcDate,
} from './normalise';

describe('dates', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2024-04-31')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
    expect(isIsoDate('2024/01/01')).toBe(false);
  });

  it('agrees with Date on every day of 1999–2031', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1999, max: 2031 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const s = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const real = m >= 1 && m <= 12 && d >= 1 && new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
          expect(isIsoDate(s)).toBe(real);
        },
      ),
    );
  });

  it('rejects future dates relative to the day of now (UTC) and implausibly old ones', () => {
    const today = utcDate(new Date('2026-03-01T23:30:00-05:00'));
    expect(today).toBe('2026-03-02');
    expect(checkDate('2026-03-02', today)).toBe('2026-03-02');
    expect(checkDate(' 2026-03-01 ', today)).toBe('2026-03-01');
    expect(checkDate('2026-03-03', today)).toEqual({
      error: 'date 2026-03-03 is in the future (today is 2026-03-02)',
      future: true,
    });
    expect(checkDate('1999-12-31', today)).toMatchObject({ future: false });
    expect(checkDate('03/02/2026', today)).toEqual({
      error: 'date "03/02/2026" is not a calendar date YYYY-MM-DD',
      future: false,
    });
  });
});

describe('markets', () => {
  it('reads market codes in any case and checks country and language', () => {
    expect(parseMarket('GB-en')).toEqual({ country: 'gb', language: 'en', device: 'desktop' });
    expect(parseMarket(' us-en-mobile ')).toEqual({ country: 'us', language: 'en', device: 'mobile' });
    expect(parseMarket('uk-en')).toMatch(/not an ISO 3166-1 country code \(the United Kingdom is gb\)/u);
    expect(parseMarket('gb-xx')).toMatch(/xx is not an ISO 639-1 language code/u);
    expect(parseMarket('en_GB')).toMatch(/is not a code \{country\}-\{language\}\[-mobile\]/u);
    expect(parseMarket('gb-en-tablet')).toMatch(/is not a code/u);
  });

  it('remembers each spelling', () => {
    const m = new MarketCodes();
    expect(m.check('DE-de')).toBe('de-de');
    expect(m.check('DE-de')).toBe('de-de');
    expect(m.check('zz-top')).toEqual({ error: expect.stringMatching(/not a code/u) });
  });
});

describe('keywords', () => {
  it('normalises like core and refuses empty or over-long text', () => {
    expect(checkKeyword('  Cheap  FLIGHTS\n')).toBe('cheap flights');
    expect(checkKeyword('already normal')).toBe('already normal');
    expect(checkKeyword(' \t ')).toEqual({ error: 'keyword is empty' });
    expect(checkKeyword('a'.repeat(2001))).toEqual({ error: 'keyword is longer than 2000 characters' });
  });

  it('is exactly normaliseKeyword for any text that is not empty', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 40 }), (s) => {
        const k = checkKeyword(s);
        const n = normaliseKeyword(s);
        if (n === '') expect(k).toEqual({ error: 'keyword is empty' });
        else expect(k).toBe(n);
      }),
    );
  });
});

describe('UrlNormaliser', () => {
  it('gives host, registrable domain and path, without a highlight fragment', () => {
    const u = new UrlNormaliser();
    expect(u.normalise('https://www.Example.co.uk/a/b?x=1#top')).toEqual({
      url: 'https://www.Example.co.uk/a/b?x=1#top',
      host: 'www.example.co.uk',
      domain: 'example.co.uk',
      path: '/a/b',
    });
    expect(u.normalise(' example.com ')).toEqual({
      url: 'example.com',
      host: 'example.com',
      domain: 'example.com',
      path: '/',
    });
    expect(u.normalise('https://x.com/p#:~:text=Matcha%20tea')).toMatchObject({
      url: 'https://x.com/p',
      path: '/p',
    });
    expect(u.normalise('https://bücher.de/ä')).toMatchObject({ host: 'xn--bcher-kva.de', path: '/%C3%A4' });
    expect(u.normalise('//cdn.example.net/x')).toMatchObject({
      host: 'cdn.example.net',
      domain: 'example.net',
    });
  });

  it('says why a URL has no host', () => {
    const u = new UrlNormaliser();
    expect(u.normalise('')).toBe('URL is empty');
    expect(u.normalise('/relative/page')).toBe('URL "/relative/page" has no host');
    expect(u.normalise('mailto:a@b.com')).toBe('URL "mailto:a@b.com" has no host (mailto: link)');
    expect(u.normalise('-')).toBe('URL "-" has no host name');
    expect(u.normalise('localhost')).toBe('URL "localhost" has no host name');
    expect(u.normalise('http://')).toBe('URL "http://" is not a valid URL');
    expect(u.normalise('https://a.com/x y')).toBe('URL "https://a.com/x y" contains whitespace');
    expect(u.normalise(`https://a.com/${'x'.repeat(2000)}`)).toBe('URL is longer than 2000 characters');
  });

  it('parses each distinct URL once, also when read in place', () => {
    const u = new UrlNormaliser();
    const text = 'https://a.com/1,https://b.com/2,https://a.com/1';
    expect(u.lookup(text, 0, 15)).toMatchObject({ host: 'a.com', path: '/1' });
    expect(u.lookup(text, 16, 31)).toMatchObject({ host: 'b.com', path: '/2' });
    expect(u.lookup(text, 32, 47)).toBe(u.lookup(text, 0, 15));
    expect(u.normalise('https://a.com/1')).toBe(u.lookup(text, 0, 15));
    expect(u.parsed).toBe(2);
    for (let i = 0; i < 20_000; i++) u.normalise(`https://h${i % 5000}.example.org/p/${i}`);
    expect(u.parsed).toBe(20_002);
    for (let i = 0; i < 20_000; i++) u.normalise(`https://h${i % 5000}.example.org/p/${i}`);
    expect(u.parsed).toBe(20_002);
  });

  it('reads a dotted name before a colon as a host and leaves punycode to WHATWG (found by the property below)', () => {
    expect(new UrlNormaliser().normalise('p6Z47j-2EG.G:\\=ca^')).toMatchObject({ host: 'p6z47j-2eg.g' });
    expect(typeof new UrlNormaliser().normalise('HTTPS://t.2.XN--x4--V8?@9-?')).toBe('string');
    expect(new UrlNormaliser().normalise('https://xn--bcher-kva.example/a')).toMatchObject({
      host: 'xn--bcher-kva.example',
    });
  });

  it('refuses hosts no web address can have, naming them (issue 27 item 4), on both paths', () => {
    const n = new UrlNormaliser();
    for (const [url, host] of [
      ['https://=evil.example/', '=evil.example'],
      ['=evil.example/a', '=evil.example'],
      ["https://it's.example.com/", "it's.example.com"],
      ['https://a-.example.com/', 'a-.example.com'],
      ['https://www.-a.example.com/', 'www.-a.example.com'],
      [`https://${'a'.repeat(64)}.example.com/`, `${'a'.repeat(64)}.example.com`],
    ]) {
      expect(n.normalise(url!), url).toContain(`${JSON.stringify(host)} is not a valid host name`);
    }
    expect(n.normalise('https://my_blog.blogspot.com/')).toMatchObject({ host: 'my_blog.blogspot.com' });
    expect(n.normalise('http://10.0.0.1/')).toMatchObject({ host: '10.0.0.1' });
  });

  it('agrees with WHATWG parsing (core parseUrlParts) on generated URLs', () => {
    const label = fc.stringMatching(/^[a-zA-Z0-9]([a-zA-Z0-9-]{0,8}[a-zA-Z0-9])?$/u);
    const host = fc.array(label, { minLength: 2, maxLength: 4 }).map((l) => l.join('.'));
    const pathChar = fc.constantFrom(...'abcXYZ019-._~!$&\'()*+,;=:@%/ ?#[]^`{|}"<>\\éü'.split(''));
    const rest = fc.array(pathChar, { maxLength: 20 }).map((c) => c.join(''));
    const scheme = fc.constantFrom('https://', 'http://', 'HTTPS://', '');
    fc.assert(
      fc.property(scheme, host, fc.constantFrom('', '/', '?', '#'), rest, (s, h, sep, r) => {
        const url = `${s}${h}${sep}${r}`;
        const got = new UrlNormaliser().normalise(url);
        const ref = parseUrlParts(url);
        if (typeof got === 'string') {
          // refused only when WHATWG finds no URL, no host name with a dot between two labels, or a host
          // no web address can have (`a.b=c`: WHATWG keeps the `=`; core hostNameProblem refuses it)
          const named =
            ref !== null && /^[^.]+(\.[^.]+)+$/u.test(ref.host) && hostNameProblem(ref.host) === null;
          expect(named && !/\s/u.test(url)).toBe(false);
        } else {
          expect(ref).not.toBeNull();
          expect({ host: got.host, domain: got.domain, path: got.path }).toEqual(ref);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('detach', () => {
  it('returns an equal string', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(detach(s)).toBe(s);
      }),
    );
  });
});
