// The plain-URL patterns (PLAIN_URL in ingest/normalise.ts) against the importer's normaliser, on generated
// URL texts: a text the patterns take is its own URL with their host and path; and the URL dictionary of
// the DuckDB CSV fast path (storage/rank/duckdb/import-csv-dictionary.ts), where DuckDB's RE2 applies the
// patterns and the importer's rule takes the rest, gives every text exactly what UrlNormaliser gives it —
// the URL, host, registrable domain and path, or the same refusal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, expect, it } from 'vitest';
import { FileContext } from '@ingest/formats/context';
import { serpCsvRules } from '@ingest/formats/serp-csv-rules';
import { registrableDomain } from '@core/host-match';
import { PLAIN_URL, UrlNormaliser } from '@ingest/normalise';
import { DuckDb } from '@storage/rank/duckdb/db';
import { buildDictionary, urlDictionary } from '@storage/rank/duckdb/import-csv-dictionary';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// Mostly labels of plain hosts, some that WHATWG parsing or the rules treat otherwise.
const label = fc.oneof(
  { arbitrary: fc.constantFrom('a', 'b1', 'c-d', 'co', 'uk', 'com'), weight: 4 },
  { arbitrary: fc.constantFrom('xn--b', '-e', 'f-', '0x1f', '12', 'Www', '', 'g'.repeat(64)), weight: 1 },
);
const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((l) => l.join('.'));
const chars = (set: string) => fc.array(fc.constantFrom(...set.split('')), { maxLength: 24 });
const rest = fc
  .oneof(
    { arbitrary: chars("abZ09-._~!$&'()*+,;=:@%2eE/?"), weight: 4 },
    { arbitrary: chars('abZ09-._~!$&\'()*+,;=:@%2eE/ ?#[]^`{|}"<>\\é'), weight: 1 },
  )
  .map((c) => c.join(''));
const scheme = fc.oneof(
  { arbitrary: fc.constantFrom('https://', 'http://', 'HTTPS://', 'HTTP://'), weight: 3 },
  { arbitrary: fc.constantFrom('Http://', '', ' https://', '//'), weight: 1 },
);
const urlText = fc
  .tuple(scheme, host, fc.constantFrom('', '/', '?', '#', '.', ':80/'), rest)
  .map(([s, h, sep, r]) => `${s}${h}${sep}${r}`);

const plain = new RegExp(`^(?:${PLAIN_URL.pattern})$`, 'u');
const excluding = new RegExp(PLAIN_URL.excluding, 'u');

/** The pattern's groups for a text PLAIN_URL takes, else null. */
function plainMatch(text: string): RegExpExecArray | null {
  const m = plain.exec(text);
  return m === null || excluding.test(text) || text.length > PLAIN_URL.maxLength ? null : m;
}

it('gives every URL that PLAIN_URL takes itself as url, its group 1 as host and group 2 as path', () => {
  let taken = 0;
  fc.assert(
    fc.property(urlText, (url) => {
      const m = plainMatch(url);
      if (m === null) return;
      taken++;
      expect(new UrlNormaliser().normalise(url)).toEqual({
        url,
        host: m[1],
        domain: registrableDomain(m[1]!),
        path: m[2] || '/',
      });
    }),
    { numRuns: 8000 },
  );
  // Some generated texts are not plain; enough are for the property to mean something.
  expect(taken).toBeGreaterThan(200);
});

it('gives every URL text what the normaliser gives it, whether SQL or the rule splits it', async () => {
  const texts = [...new Set(fc.sample(urlText, { numRuns: 4000, seed: 20261126 }))];
  const bySql = texts.filter((t) => plainMatch(t) !== null).length;
  // Both ways are exercised.
  expect(bySql).toBeGreaterThan(300);
  expect(texts.length - bySql).toBeGreaterThan(300);

  const dir = mkdtempSync(join(tmpdir(), 'sightline-url-dictionary-'));
  dirs.push(dir);
  const db = await DuckDb.open(join(dir, 'rank.duckdb'));
  try {
    const rules = serpCsvRules(new FileContext('serp.csv', { now: new Date('2026-11-26T00:00:00Z') }), {
      date: 0,
      market: 1,
      keyword: 2,
      position: 3,
      url: 4,
      type: -1,
      sv: -1,
      title: -1,
    });
    const rows = await db.exclusive(async (s) => {
      await s.run(`CREATE TEMP TABLE raw (f_url VARCHAR, blank BOOLEAN)`);
      await s.append('raw', (a) => {
        for (const t of texts) {
          a.appendVarchar(t);
          a.appendBoolean(false);
          a.endRow();
        }
      });
      await buildDictionary(s, 'raw', urlDictionary('fu', rules));
      return s.all('SELECT raw, url, host, domain, path, code, reason FROM fu');
    });
    expect(rows).toHaveLength(texts.length);
    const normaliser = new UrlNormaliser();
    for (const r of rows) {
      const want = normaliser.normalise(String(r.raw));
      const got =
        r.code === null
          ? { url: r.url, host: r.host, domain: r.domain, path: r.path }
          : { code: r.code, reason: r.reason };
      expect(got, String(r.raw)).toEqual(
        typeof want === 'string' ? { code: 'invalid-url', reason: want } : want,
      );
    }
  } finally {
    await db.close();
  }
});
