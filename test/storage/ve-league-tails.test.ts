// The explorer league's further candidates on DuckDB (ve/league.ts): after the first candidates set the
// threshold, the domains whose market-wide bound still reaches it get their VS from the top positions summed
// over the host's keywords first, and only those whose top part plus market-wide tail reaches the threshold
// are summed whole. On pages where mid domains hold positions 21–35 away from the host (ve-league-fixture.ts
// with a tail), the league must still be the one summed by hand, and the top part must leave some out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore } from '@storage/rank-store';
import { expected, HOST, M, serps, volumes, writeSerps, recordStatements } from './ve-league-fixture';

/** Domains named by each statement that sums candidates from their rows, in order (top part or whole). */
function summedDomains(ran: readonly string[]): { top: boolean; domains: number }[] {
  return ran
    .filter((q) => q.includes('FROM serp_by_domain r JOIN (VALUES'))
    .map((q) => ({
      top: /r\.position <= \d+/u.test(q),
      domains: (q.match(/\(\d+\)/gu) ?? []).length,
    }));
}

describe('the explorer league with market-wide tails on DuckDB', () => {
  let dir: string;
  let rank: RankStore;
  const rows = serps({ tail: true });
  const sv = volumes(0).map((k) => k.sv);
  const ran: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 've-league-tails-'));
    rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
    await rank.migrate();
    await writeSerps(rank, rows);
    recordStatements((sql) => ran.push(sql));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await rank.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sums whole only the further candidates whose top part and tail reach the threshold', async () => {
    let left = 0;
    for (let limit = 2; limit <= 12; limit++) {
      ran.length = 0;
      const got = (await rank.visibilityExplorer.hostPoint(M, HOST, '2025-03-10', DEFAULT_CTR, 10, limit))
        .league;
      const want = expected(rows, sv, '2025-03-10', limit);
      expect(
        got.rows.map((r) => [r.domain, r.keywords]),
        `limit ${limit}`,
      ).toEqual(want.rows.map((r) => [r.domain, r.keywords]));
      got.rows.forEach((r, i) => expect(r.visibilityScore).toBeCloseTo(want.rows[i]!.visibilityScore, 6));
      expect(got.total).toBeCloseTo(want.total, 6);
      // Pruned: first candidates, then the top part of the further ones and, when some remain, their sums.
      const steps = summedDomains(ran);
      if (steps.length === 0) continue;
      expect(steps[0]!.top, `limit ${limit}`).toBe(false);
      const top = steps.findIndex((x) => x.top);
      if (top < 0) continue;
      const whole = steps[top + 1]?.domains ?? 0;
      expect(whole).toBeLessThanOrEqual(steps[top]!.domains);
      left += steps[top]!.domains - whole;
    }
    // The top parts left domains out that their market-wide bounds alone would have summed.
    expect(left).toBeGreaterThan(0);
  });
});
