// The DuckDB campaign rollups answer exactly as the SERP rows do: every read that has a rollup path
// (series with and without the market, type scores, competitors' domain scores, autocomplete) is asked once
// for the whole campaign (rollup when it can) and once with a keyword filter naming every keyword of the
// campaign (the same set, always the SERP-row path), after each write path: SERP inserts, volume changes,
// membership changes (keywords added, removed, a campaign emptied), an import commit and importBatches.
// Snapshots of different days (the rollup cannot answer) and point dates between snapshots are included, and
// targets with path filters (the rollup's hosts plus the paths' results from the SERP rows).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { CvScope } from '@storage/campaign-visibility-reads';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore } from '@storage/rank-store';
import {
  expectPairsSame,
  PATH_TARGETS,
  PLAIN,
  POINTS,
  type ReadPair,
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
  const cv = rank.campaignVisibility;
  const pairs: ReadPair[] = [];
  for (const campaignId of [1, 2]) {
    const texts = members.get(campaignId) ?? [];
    for (const over of OVERS) {
      const whole = scopeOf(campaignId, over);
      // An empty keyword filter means no filter, so an emptied campaign compares against itself.
      const named = scopeOf(campaignId, { ...over, keywords: texts });
      const at = `${step}, campaign ${campaignId} ${JSON.stringify(over).slice(0, 40)}`;
      const pair = (where: string, read: ReadPair['read']) => pairs.push({ where, read, whole, named });
      // domainScores and autocomplete at point dates, including dates between snapshots.
      for (const p of POINTS) {
        pair(`${at} domainScores ${p}`, (sc) => cv.domainScores(sc, ['2026-01-05', p]));
        for (const text of ['a', 'zzz']) {
          pair(`${at} autocomplete ${p} ${text}`, (sc) => cv.autocomplete(sc, p, text, 5));
        }
      }
      for (const span of SPANS) {
        for (const market of [true, false]) {
          pair(`${at} series ${span.start} path`, (sc) => cv.series(sc, PATH_TARGETS, span, { market }));
          pair(`${at} series ${span.start}`, (sc) => cv.series(sc, TARGETS, span, { market }));
        }
        pair(`${at} typeScores ${span.start}`, (sc) => cv.typeScores(sc, TARGETS, span));
        pair(`${at} typeScores ${span.start} path`, (sc) => cv.typeScores(sc, PATH_TARGETS, span));
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
        pair(`${at} keywordChanges`, (sc) => cv.keywordChanges(sc, TARGETS, span, 3));
        pair(`${at} rankingKeywords`, (sc) => cv.rankingKeywords(sc, TARGETS, query('visibilityScore')));
        pair(`${at} rankingUrls`, (sc) => cv.rankingUrls(sc, TARGETS[0]!, query('visibilityScore')));
        pair(`${at} weeklyPositions`, (sc) => cv.weeklyPositions(sc, TARGETS, [...ids.values()], span));
        pair(`${at} weeklyUrlScores`, (sc) =>
          cv.weeklyUrlScores(sc, TARGETS[1]!, ['https://www.a.com/x/k1'], span),
        );
      }
      for (const p of POINTS) {
        pair(`${at} bestPositions ${p}`, (sc) => cv.bestPositions(sc, TARGETS, p));
        pair(`${at} volumeBuckets ${p}`, (sc) => cv.volumeBuckets(sc, TARGETS, p, [10, 100, 1000]));
        pair(`${at} labelScores ${p}`, (sc) => cv.labelScores(sc, TARGETS, p, 'tags', { market: true }));
      }
    }
  }
  await expectPairsSame(pairs);
}

beforeAll(async () => {
  rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
  await rank.migrate();
  await fx.seedKeywords();
});
afterAll(async () => {
  await rank.close();
  rmSync(dir, { recursive: true, force: true });
});

rollupWriteCases(() => rank, fx, expectRollupMatchesRows);
