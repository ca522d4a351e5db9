// The DuckDB campaign rollups answer exactly as the SERP rows do: every read that has a rollup path
// (series with and without the market, type scores, competitors' domain scores, autocomplete) is asked once
// for the whole campaign (rollup when it can) and once with a keyword filter naming every keyword of the
// campaign (the same set, always the SERP-row path), after each write path: SERP inserts, volume changes,
// membership changes (keywords added, removed, a campaign emptied), an import commit and importBatches.
// Snapshots of different days (the rollup cannot answer) and point dates between snapshots are included.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { CvScope } from '@storage/campaign-visibility-reads';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore } from '@storage/rank-store';
import {
  expectSame,
  PATH_TARGETS,
  PLAIN,
  POINTS,
  rollupFixture,
  rollupWriteCases,
  scopeOf,
  SPANS,
  STEEP,
  TARGETS,
} from './cv-rollup-fixture';

const dir = mkdtempSync(join(tmpdir(), 'sightline-cv-rollup-'));
let rank: RankStore;
const fx = rollupFixture(() => rank);
const { ids, members } = fx;

// One override list for both engines: the type filter and a steeper CTR curve both apply at read time on the
// rollup path, so one scope with both checks each against the SERP rows.
const OVERS: Partial<CvScope>[] = [PLAIN, { resultTypes: ['organic'], ctr: STEEP }];

/** Every rollup-backed read of both campaigns: whole campaign vs the same keywords named one by one. */
async function expectRollupMatchesRows(step: string): Promise<void> {
  await expectPointReadsMatch(step);
  const cv = rank.campaignVisibility;
  for (const campaignId of [1, 2]) {
    const texts = members.get(campaignId) ?? [];
    for (const over of OVERS) {
      const whole = scopeOf(campaignId, over);
      // An empty keyword filter means no filter, so an emptied campaign compares against itself.
      const named = scopeOf(campaignId, { ...over, keywords: texts });
      const at = `${step}, campaign ${campaignId} ${JSON.stringify(over).slice(0, 40)}`;
      for (const span of SPANS) {
        for (const market of [true, false]) {
          expectSame(
            await cv.series(whole, PATH_TARGETS, span, { market }),
            await cv.series(named, PATH_TARGETS, span, { market }),
            `${at} series ${span.start} path`,
          );
          expectSame(
            await cv.series(whole, TARGETS, span, { market }),
            await cv.series(named, TARGETS, span, { market }),
            `${at} series ${span.start}`,
          );
        }
        expectSame(
          await cv.typeScores(whole, TARGETS, span),
          await cv.typeScores(named, TARGETS, span),
          `${at} typeScores ${span.start}`,
        );
      }
      if (over !== PLAIN) continue;
      // Reads without a rollup path that still list used snapshots through it (snapshots.ts).
      for (const span of SPANS) {
        const query = <F extends string>(field: F) => ({
          span,
          url: null,
          sort: { field, target: 0, display: null, direction: 'desc' as const },
          filters: [],
          offset: 0,
          limit: null,
        });
        const pairs: [string, (sc: CvScope) => Promise<unknown>][] = [
          ['keywordChanges', (sc) => cv.keywordChanges(sc, TARGETS, span, 3)],
          ['rankingKeywords', (sc) => cv.rankingKeywords(sc, TARGETS, query('visibilityScore'))],
          ['rankingUrls', (sc) => cv.rankingUrls(sc, TARGETS[0]!, query('visibilityScore'))],
          ['weeklyPositions', (sc) => cv.weeklyPositions(sc, TARGETS, [...ids.values()], span)],
          ['weeklyUrlScores', (sc) => cv.weeklyUrlScores(sc, TARGETS[1]!, ['https://www.a.com/x/k1'], span)],
        ];
        for (const [name, read] of pairs) expectSame(await read(whole), await read(named), `${at} ${name}`);
      }
      for (const p of POINTS) {
        const pairs: [string, (sc: CvScope) => Promise<unknown>][] = [
          ['bestPositions', (sc) => cv.bestPositions(sc, TARGETS, p)],
          ['volumeBuckets', (sc) => cv.volumeBuckets(sc, TARGETS, p, [10, 100, 1000])],
          ['labelScores', (sc) => cv.labelScores(sc, TARGETS, p, 'tags', { market: true })],
        ];
        for (const [name, read] of pairs)
          expectSame(await read(whole), await read(named), `${at} ${name} ${p}`);
      }
    }
  }
}

/** domainScores and autocomplete at point dates, including dates between snapshots. */
async function expectPointReadsMatch(step: string): Promise<void> {
  const cv = rank.campaignVisibility;
  for (const campaignId of [1, 2]) {
    const texts = members.get(campaignId) ?? [];
    for (const over of OVERS) {
      const whole = scopeOf(campaignId, over);
      const named = scopeOf(campaignId, { ...over, keywords: texts });
      const at = `${step}, campaign ${campaignId} ${JSON.stringify(over).slice(0, 40)}`;
      for (const p of POINTS) {
        expectSame(
          await cv.domainScores(whole, ['2026-01-05', p]),
          await cv.domainScores(named, ['2026-01-05', p]),
          `${at} domainScores ${p}`,
        );
        for (const text of ['a', 'zzz']) {
          expectSame(
            await cv.autocomplete(whole, p, text, 5),
            await cv.autocomplete(named, p, text, 5),
            `${at} autocomplete ${p} ${text}`,
          );
        }
      }
    }
  }
}

beforeAll(async () => {
  rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
  await rank.migrate();
  const texts = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
  const sv = [1000, 250, null, 40, 7, 3000];
  for (const [t, id] of await rank.upsertKeywords(
    'gb-en',
    texts.map((text, i) => ({ text, sv: sv[i]! })),
  )) {
    ids.set(t, id);
  }
});
afterAll(async () => {
  await rank.close();
  rmSync(dir, { recursive: true, force: true });
});

rollupWriteCases(() => rank, fx, expectRollupMatchesRows);
