// The demo SERP generator ported to ClickHouse SQL gives the same rows as the DuckDB generator for the same
// plan: equal per-(market, date, host) counts and an equal checksum over every row, read back through the
// port. Also after a second plan that shares only part of the first one's URLs (the url-map path), and
// after generating a plan again (its snapshots are replaced, not added to).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoPlan, demoSerpPlan, type DemoPlan } from '@core/demo/plan';
import type { RankStore } from '@storage/rank-store';
import { openClickHouseRankStore } from '@storage/rank/clickhouse';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { CLICKHOUSE_URL, freshDatabases, warnIfNoClickHouse } from './clickhouse-env';

warnIfNoClickHouse('ClickHouse demo generator parity');

const PLAN_A = buildDemoPlan({
  seed: 424242,
  endDate: '2025-06-30',
  keywordsPerMarket: 120,
  weeks: 3,
  hosts: 700,
});
const PLAN_B = buildDemoPlan({
  seed: 424242,
  endDate: '2025-06-30',
  keywordsPerMarket: 120,
  weeks: 2,
  hosts: 760,
});

async function generate(store: RankStore, plan: DemoPlan): Promise<void> {
  const ids = new Map<string, Int32Array>();
  for (const m of plan.markets) {
    const byText = await store.upsertKeywords(
      m.market.code,
      m.keywords.texts.map((text, i) => ({ text, sv: m.keywords.sv[i] ?? null })),
    );
    ids.set(
      m.market.code,
      Int32Array.from(m.keywords.texts, (t) => byText.get(t)!),
    );
  }
  await store.generateDemoSerps(demoSerpPlan(plan, ids));
}

interface Digest {
  rows: number;
  checksum: string;
  hostCounts: Map<string, number>;
}

async function digest(store: RankStore): Promise<Digest> {
  const lines: string[] = [];
  const hostCounts = new Map<string, number>();
  for (const market of PLAN_A.markets.map((m) => m.market.code)) {
    const text = new Map((await store.readKeywords(market)).map((k) => [k.id, `${k.text}|${k.sv}`]));
    for (const date of (await store.marketSummary(market)).snapshotDates) {
      for (const r of await store.readSnapshot(market, date)) {
        lines.push(
          [
            market,
            date,
            text.get(r.keywordId),
            r.position,
            r.resultType,
            r.url,
            r.host,
            r.domain,
            r.title,
          ].join('|'),
        );
        const key = `${market}|${date}|${r.host}`;
        hostCounts.set(key, (hostCounts.get(key) ?? 0) + 1);
      }
    }
  }
  const checksum = createHash('sha256').update(lines.sort().join('\n')).digest('hex');
  return { rows: lines.length, checksum, hostCounts };
}

describe.skipIf(CLICKHOUSE_URL === '')('demo SERPs on ClickHouse and DuckDB', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-demo-parity-'));
  const databases = freshDatabases();
  let duck: RankStore;
  let click: RankStore;

  beforeAll(async () => {
    duck = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
    await duck.migrate();
    click = await openClickHouseRankStore(databases.next());
    await click.migrate();
  });

  afterAll(async () => {
    await duck.close();
    await click.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function expectSame(): Promise<Digest> {
    const [a, b] = await Promise.all([digest(duck), digest(click)]);
    expect(b.rows).toBe(a.rows);
    expect(b.hostCounts).toEqual(a.hostCounts);
    expect(b.checksum).toBe(a.checksum);
    expect(await click.counts()).toEqual(await duck.counts());
    return a;
  }

  it('gives the same rows for the same plan', async () => {
    await Promise.all([generate(duck, PLAN_A), generate(click, PLAN_A)]);
    const d = await expectSame();
    expect(d.rows).toBe(2 * 120 * 3 * 100);
    expect(d.hostCounts.size).toBeGreaterThan(500);
  });

  it('gives the same rows after a plan that shares part of the URLs, and replaces snapshots on a rerun', async () => {
    await Promise.all([generate(duck, PLAN_B), generate(click, PLAN_B)]);
    const afterB = await expectSame();
    await generate(click, PLAN_B);
    expect((await digest(click)).checksum).toBe(afterB.checksum);
  });
});
