// A large demo market for the scenarios that set up their own store (ve, clusters): the demo generator writes
// `keywords` keywords × `weeks` weekly top-100 SERPs for the first demo market, and cuts every other market
// to SMALL_MARKET_KEYWORDS keywords so that the time goes to the measured one.
import { mondayOnOrBefore } from '@core/demo/dates';
import { buildDemoPlan, demoSerpPlan } from '@core/demo/plan';
import type { RankStore } from '@storage/rank-store';
import { loadAverage } from './machine';
import { DEMO_SEED } from './workspace';

const SMALL_MARKET_KEYWORDS = 100;

/** Generates the market; returns its code. */
export async function generateMarket(
  rank: RankStore,
  keywords: number,
  weeks: number,
  now: Date,
): Promise<string> {
  const plan = buildDemoPlan({
    seed: DEMO_SEED,
    endDate: mondayOnOrBefore(now.toISOString()),
    keywordsPerMarket: keywords,
    weeks,
  });
  const ids = new Map<string, Int32Array>();
  for (const [i, m] of plan.markets.entries()) {
    const n = i === 0 ? m.keywords.texts.length : SMALL_MARKET_KEYWORDS;
    const texts = m.keywords.texts.slice(0, n);
    const byText = await rank.upsertKeywords(
      m.market.code,
      texts.map((text, j) => ({ text, sv: m.keywords.sv[j]! })),
    );
    ids.set(
      m.market.code,
      Int32Array.from(texts, (t) => byText.get(t)!),
    );
  }
  const serp = demoSerpPlan(
    {
      ...plan,
      markets: plan.markets.map((m, i) =>
        i === 0
          ? m
          : {
              ...m,
              keywords: { ...m.keywords, texts: m.keywords.texts.slice(0, SMALL_MARKET_KEYWORDS) },
            },
      ),
    },
    ids,
  );
  const small = serp.markets.slice(1).map((m) => ({
    ...m,
    vertical: m.vertical.slice(0, SMALL_MARKET_KEYWORDS),
    topic: m.topic.slice(0, SMALL_MARKET_KEYWORDS),
    intent: m.intent.slice(0, SMALL_MARKET_KEYWORDS),
  }));
  let last = 0;
  await rank.generateDemoSerps({ ...serp, markets: [serp.markets[0]!, ...small] }, (done, total) => {
    const pct = Math.floor((done / total) * 10);
    if (pct > last) {
      last = pct;
      console.log(`  SERPs ${done}/${total} market-weeks (load ${loadAverage()})`);
    }
  });
  return plan.markets[0]!.market.code;
}
