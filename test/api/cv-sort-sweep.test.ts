// Issue 26 item 2: every sortable field of both ranking tables and both CSV exports, in both directions,
// with both delta displays and for every target, answers 200 on demo data and orders its rows as asked
// (nulls last), on DuckDB and — when SIGHTLINE_TEST_CLICKHOUSE_URL is set — on ClickHouse. Positions are
// stored as small unsigned integers: a position change must not be computed in their type (it went below 0).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CV_BASE } from '@contracts/paths';
import { seedDemoWorkspace } from '@server/services/demo/seed-demo-workspace';
import {
  CV_GROUPED_KEYWORD_FIELDS,
  CV_KEYWORD_FIELDS,
  CV_URL_FIELDS,
} from '@storage/campaign-visibility-reads';
import { dropClickHouseDatabase } from './clickhouse-drop';
import { Client, createTestApp, seedOrganisation, seedUser, type TestApp } from './helpers';

const NOW = '2025-07-02T09:30:00Z';
const CH_URL = process.env.SIGHTLINE_TEST_CLICKHOUSE_URL ?? '';
const CH_CLUSTER = process.env.SIGHTLINE_TEST_CLICKHOUSE_CLUSTER ?? '';
if (CH_URL === '') {
  console.warn(
    'Sort sweep on ClickHouse skipped: set SIGHTLINE_TEST_CLICKHOUSE_URL (bash .ci/start-clickhouse.sh)',
  );
}

type Value = string | number | null;

/** Asserts the values are ordered (numbers with a relative slack for sums added in another order), nulls last. */
function expectOrdered(values: Value[], direction: 'asc' | 'desc', what: string) {
  const firstNull = values.indexOf(null);
  if (firstNull >= 0)
    expect(
      values.slice(firstNull).every((v) => v === null),
      `${what}: nulls last`,
    ).toBe(true);
  const present = (firstNull >= 0 ? values.slice(0, firstNull) : values) as (string | number)[];
  for (let i = 1; i < present.length; i++) {
    const [a, b] = direction === 'asc' ? [present[i - 1]!, present[i]!] : [present[i]!, present[i - 1]!];
    const ok =
      typeof a === 'number' && typeof b === 'number' ? a <= b + 1e-9 * Math.max(1, Math.abs(b)) : a <= b;
    expect(ok, `${what}: row ${i} ${JSON.stringify(present[i - 1])} then ${JSON.stringify(present[i])}`).toBe(
      true,
    );
  }
}

function cellValue(
  item: Record<string, any>,
  field: string,
  target: number | null,
  display: string | null,
): Value {
  const holder = target === null ? item : item.domains[target];
  const v = holder[field];
  if (display !== null) return v === null ? null : v[display];
  return v;
}

const engines = [
  { name: 'DuckDB', env: {} as Record<string, string> },
  ...(CH_URL === ''
    ? []
    : [
        {
          name: 'ClickHouse',
          env: {
            CLICKHOUSE_URL: CH_URL,
            ...(CH_CLUSTER === '' ? {} : { CLICKHOUSE_CLUSTER: CH_CLUSTER }),
            CLICKHOUSE_DATABASE: `sightline_sweep_${randomBytes(4).toString('hex')}`,
          },
        },
      ]),
];

describe.each(engines)('ranking sort sweep on $name', ({ env }) => {
  let t: TestApp;
  let analyst: Client;
  let base: string;
  let targets: number;

  beforeAll(async () => {
    t = await createTestApp({ env, now: () => new Date(NOW) });
    const org = await seedOrganisation(t.stores, 'Demo');
    await seedUser(t.stores, org.id, 'analyst@demo.test', ['ROLE_CV']);
    const summary = await seedDemoWorkspace(t.stores, {
      organisationId: org.id,
      seed: 20250630,
      keywordsPerMarket: 800,
      weeks: 6,
      now: NOW,
    });
    analyst = await Client.signIn(t.app, 'analyst@demo.test');
    base = `${CV_BASE}/${summary.projects[0]!.campaignId}`;
    targets = (await t.stores.meta.listTrackedDomains(summary.projects[0]!.campaignId)).length;
  }, 180_000);
  afterAll(async () => {
    if (t === undefined) return;
    await dropClickHouseDatabase(t.config);
    await t.close();
  });

  async function get(path: string) {
    const res = await analyst.get(`${base}/${path}`);
    expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
    return res;
  }

  /** Every sort of a table: [sortField, field, target, display]. */
  function sorts(
    fields: readonly string[],
    grouped: readonly string[],
  ): [string, string, number | null, string | null][] {
    const out: [string, string, number | null, string | null][] = [];
    for (const field of fields) {
      // The first and the last target: every index takes the same SQL path, so two cover it at a quarter
      // of the requests (the sweep runs on demo data on two engines).
      const idx = grouped.includes(field) ? [...new Set([0, targets - 1])] : [null];
      for (const i of idx) {
        const id = i === null ? field : `${field}|${i}`;
        if (field.endsWith('Deltas')) {
          for (const d of ['delta', 'percentageDelta']) out.push([`${id}.${d}`, field, i, d]);
        } else out.push([id, field, i, null]);
      }
    }
    return out;
  }

  it('ranking/keywords and csv/keywords: every field, both directions', async () => {
    expect(targets).toBeGreaterThan(1);
    for (const [sortField, field, target, display] of sorts(CV_KEYWORD_FIELDS, CV_GROUPED_KEYWORD_FIELDS)) {
      for (const direction of ['asc', 'desc'] as const) {
        const q = `sortField=${encodeURIComponent(sortField)}&sortDirection=${direction}`;
        const body = (await get(`ranking/keywords?${q}&pageSize=1000`)).json();
        expect(body.total).toBeGreaterThan(100);
        expectOrdered(
          body.items.map((it: Record<string, any>) => cellValue(it, field, target, display)),
          direction,
          `keywords ${sortField} ${direction}`,
        );
        const csv = (await get(`csv/keywords?${q}`)).body
          .replace(/^\uFEFF/u, '')
          .trimEnd()
          .split('\r\n');
        expect(csv).toHaveLength(1 + body.total);
        const keywords = csv
          .slice(1, 1 + body.items.length)
          .map((l) => l.split(',')[0]!.replace(/^"|"$/gu, ''));
        expect(keywords, `csv/keywords ${sortField} ${direction}`).toEqual(
          body.items.map((it: { keyword: string }) => it.keyword),
        );
      }
    }
  }, 300_000);

  it('ranking/urls and csv/urls: every field, both directions', async () => {
    for (const [sortField, field, , display] of sorts(CV_URL_FIELDS, [])) {
      for (const direction of ['asc', 'desc'] as const) {
        const q = `sortField=${encodeURIComponent(sortField)}&sortDirection=${direction}`;
        const body = (await get(`ranking/urls?${q}&pageSize=1000`)).json();
        expect(body.total).toBeGreaterThan(10);
        expectOrdered(
          body.items.map((it: Record<string, any>) => cellValue(it, field, null, display)),
          direction,
          `urls ${sortField} ${direction}`,
        );
        const csv = (await get(`csv/urls?${q}`)).body
          .replace(/^\uFEFF/u, '')
          .trimEnd()
          .split('\r\n');
        expect(csv).toHaveLength(1 + body.total);
        const urls = csv.slice(1, 1 + body.items.length).map((l) => l.split(',')[0]!.replace(/^"|"$/gu, ''));
        expect(urls, `csv/urls ${sortField} ${direction}`).toEqual(
          body.items.map((it: { url: string }) => it.url),
        );
      }
    }
  }, 300_000);
});
