// Expands a DemoSerpPlan into SERP rows inside DuckDB: the plan's small tables (hosts, URL pages, slot
// pools, keywords, story trajectories) are staged in temporary tables, then one INSERT … SELECT over the
// market's keywords × positions 1–100 per market and week writes 100 results per keyword, each week in its
// own transaction with the refresh of its derived tables.
import { checkDemoSerpPlan, type DemoSerpPlan } from '@core/demo/plan';
import { mix32 } from '@core/demo/prng';
import { marketSeed, salt } from '../demo-seeds';
import type { DuckDb, Session } from './db';
import { ensureHosts, ensureMarkets, refreshSnapshots } from './dims';
import {
  keywordStageSql,
  mixSql,
  PLACEMENTS_SQL,
  serpRowsSql,
  storyCandidatesSql,
  type VideoHostSql,
} from './demo-sql';

const TEMP_TABLES = [
  'demo_topics',
  'demo_hosts',
  'demo_host_ids',
  'demo_urls',
  'demo_url_map',
  'demo_slots',
  'demo_pool',
  'demo_kw_raw',
  'demo_kw',
  'demo_story_raw',
  'demo_story',
  'demo_track',
  'demo_grid',
  'demo_k',
  'demo_cand',
  'demo_place',
];

async function stageHostsAndUrls(s: Session, plan: DemoSerpPlan): Promise<void> {
  await s.run('CREATE TEMP TABLE demo_topics (topic INTEGER, slug VARCHAR)');
  await s.append('demo_topics', (a) => {
    plan.topics.forEach((slug, i) => {
      a.appendInteger(i);
      a.appendVarchar(slug);
      a.endRow();
    });
  });
  await s.run(`CREATE TEMP TABLE demo_hosts (
    idx INTEGER, host VARCHAR, domain VARCHAR, first_topic INTEGER, pages INTEGER, prefixes VARCHAR, url_off BIGINT)`);
  let offset = 0;
  await s.append('demo_hosts', (a) => {
    plan.hosts.forEach((h, i) => {
      a.appendInteger(i);
      a.appendVarchar(h.host);
      a.appendVarchar(h.domain);
      a.appendInteger(h.firstTopic);
      a.appendInteger(h.pages);
      a.appendVarchar(h.pathPrefixes.join('\t'));
      a.appendBigInt(BigInt(offset));
      a.endRow();
      offset += h.pages;
    });
  });
  await ensureHosts(s, 'demo_hosts');
  await s.run(`CREATE TEMP TABLE demo_host_ids AS
    SELECT d.idx, h.id AS host_id, h.domain_id, d.first_topic, d.pages, d.url_off
    FROM demo_hosts d JOIN hosts h ON h.host = d.host`);
  await s.run(`CREATE TEMP TABLE demo_urls AS
    SELECT d.url_off + d.page AS lurl, i.host_id,
      'https://' || d.host || list_extract(d.pl, d.page % len(d.pl) + 1) || t.slug AS url,
      list_extract(d.pl, d.page % len(d.pl) + 1) || t.slug AS path
    FROM (SELECT *, string_split(prefixes, chr(9)) AS pl, unnest(range(pages)) AS page FROM demo_hosts) d
    JOIN demo_topics t ON t.topic = d.first_topic + d.page
    JOIN demo_host_ids i ON i.idx = d.idx`);
}

/**
 * Gives every demo URL an id. Fresh URLs get ids base + lurl (base above every existing id); when all the
 * demo's URLs exist already as such a block (the same plan generated before) the block is reused. Either
 * way the row SQL computes url ids arithmetically; only a partial overlap needs the lurl → id map.
 */
async function resolveUrlIds(s: Session): Promise<{ urlIdSql: string; urlJoin: string }> {
  const total = await s.number('SELECT count(*) FROM demo_urls');
  const seen = await s.one(`SELECT count(*) AS n, min(u.id - d.lurl) AS lo, max(u.id - d.lurl) AS hi
    FROM demo_urls d JOIN urls u ON u.url = d.url`);
  const n = Number(seen.n);
  if (n === total && n > 0 && seen.lo === seen.hi) {
    return { urlIdSql: `(y.lurl + ${Number(seen.lo)})::INTEGER`, urlJoin: '' };
  }
  const base = await s.number('SELECT coalesce(max(id), 0) + 1 FROM urls');
  await s.run(`INSERT INTO urls
    SELECT ${base} + d.lurl, d.url, d.host_id, d.path, NULL
    FROM demo_urls d WHERE d.url NOT IN (SELECT url FROM urls)`);
  if (n === 0) return { urlIdSql: `(y.lurl + ${base})::INTEGER`, urlJoin: '' };
  await s.run(`CREATE TEMP TABLE demo_url_map AS
    SELECT d.lurl, u.id AS url_id FROM demo_urls d JOIN urls u ON u.url = d.url`);
  return { urlIdSql: 'um.url_id', urlJoin: 'JOIN demo_url_map um ON um.lurl = y.lurl' };
}

async function stagePools(s: Session, plan: DemoSerpPlan): Promise<void> {
  await s.run('CREATE TEMP TABLE demo_slots (pkey INTEGER, idx INTEGER)');
  await s.append('demo_slots', (a) => {
    plan.pools.forEach((pool, i) => {
      const base = i * plan.poolSlots;
      pool.hostBySlot.forEach((host, slot) => {
        a.appendInteger(base + slot);
        a.appendInteger(host);
        a.endRow();
      });
    });
  });
  await s.run(`CREATE TEMP TABLE demo_pool AS
    SELECT s.pkey, h.host_id, h.domain_id, h.url_off AS url_base, h.pages, h.first_topic
    FROM demo_slots s JOIN demo_host_ids h ON h.idx = s.idx`);
}

async function stageKeywords(s: Session, plan: DemoSerpPlan): Promise<void> {
  await s.run(`CREATE TEMP TABLE demo_kw_raw (
    market_idx INTEGER, ord INTEGER, keyword_id INTEGER, vertical INTEGER, topic INTEGER, intent INTEGER)`);
  await s.append('demo_kw_raw', (a) => {
    plan.markets.forEach((m, mi) => {
      for (let o = 0; o < m.keywordIds.length; o++) {
        a.appendInteger(mi);
        a.appendInteger(o);
        a.appendInteger(m.keywordIds[o]!);
        a.appendInteger(m.vertical[o]!);
        a.appendInteger(m.topic[o]!);
        a.appendInteger(m.intent[o]!);
        a.endRow();
      }
    });
  });
  const seeds = plan.markets.map((_, mi) => `WHEN ${mi} THEN ${marketSeed(plan.seed, mi)}`).join(' ');
  await s.run(`CREATE TEMP TABLE demo_kw AS
    SELECT market_idx, ord, keyword_id, vertical, topic, intent, ${mixSql('xk')} AS hk, ${mixSql('xt')} AS ht
    FROM (SELECT *, (ms + ord) % 4294967296 AS xk, (ms + 7919 * topic + 17) % 4294967296 AS xt
      FROM (SELECT *, (CASE market_idx ${seeds} END)::BIGINT AS ms FROM demo_kw_raw))
    ORDER BY market_idx, keyword_id`);
}

async function stageStories(s: Session, plan: DemoSerpPlan): Promise<void> {
  await s.run(`CREATE TEMP TABLE demo_story_raw (story INTEGER, market_idx INTEGER, vertical INTEGER,
    idx INTEGER, alt_idx INTEGER, alt_pm INTEGER, spread DOUBLE, vol_pm INTEGER, salt BIGINT)`);
  await s.run(
    'CREATE TEMP TABLE demo_track (story INTEGER, week INTEGER, target DOUBLE, coverage_pm INTEGER)',
  );
  await s.append('demo_story_raw', (a) => {
    plan.stories.forEach((st, i) => {
      a.appendInteger(i);
      a.appendInteger(plan.markets.findIndex((m) => m.market === st.market));
      a.appendInteger(st.vertical);
      a.appendInteger(st.host);
      a.appendInteger(st.altHost ?? st.host);
      a.appendInteger(st.altHost === null ? 0 : Math.round(st.altShare * 1000));
      a.appendDouble(st.spread);
      a.appendInteger(Math.round(st.volatility * 1000));
      a.appendBigInt(BigInt(salt(2, i)));
      a.endRow();
    });
  });
  await s.append('demo_track', (a) => {
    plan.stories.forEach((st, i) => {
      st.track.forEach((pt, w) => {
        a.appendInteger(i);
        a.appendInteger(w);
        a.appendDouble(pt.target);
        a.appendInteger(Math.round(pt.coverage * 10000));
        a.endRow();
      });
    });
  });
  await s.run(`CREATE TEMP TABLE demo_story AS
    SELECT r.story, r.market_idx, r.vertical, r.alt_pm, r.spread, r.vol_pm, r.salt,
      h.host_id, h.domain_id, h.url_off AS url_base, h.pages, h.first_topic,
      a.host_id AS alt_host_id, a.domain_id AS alt_domain_id, a.url_off AS alt_url_base, a.pages AS alt_pages
    FROM demo_story_raw r
    JOIN demo_host_ids h ON h.idx = r.idx
    JOIN demo_host_ids a ON a.idx = r.alt_idx`);
  await s.run('DROP TABLE demo_story_raw');
}

async function videoHost(s: Session, plan: DemoSerpPlan): Promise<VideoHostSql> {
  const row = await s.one('SELECT host_id, domain_id, url_off, pages FROM demo_host_ids WHERE idx = $1', [
    plan.videoHost,
  ]);
  return {
    hostId: Number(row.host_id),
    domainId: Number(row.domain_id),
    urlBase: Number(row.url_off),
    pages: Number(row.pages),
  };
}

async function dropTemps(s: Session): Promise<void> {
  for (const t of TEMP_TABLES) await s.run(`DROP TABLE IF EXISTS ${t}`);
}

/** What the rows of every week need, staged once: market ids, the URL-id SQL and the video site. */
interface Staged {
  marketIds: Map<string, number>;
  urlIdSql: string;
  urlJoin: string;
  video: VideoHostSql;
}

/** Stages the plan's hosts, URLs, slot pools, keywords and stories, adding the missing markets, hosts and URLs. */
async function stage(s: Session, plan: DemoSerpPlan): Promise<Staged> {
  const marketIds = await ensureMarkets(
    s,
    plan.markets.map((m) => m.market),
  );
  await stageHostsAndUrls(s, plan);
  const { urlIdSql, urlJoin } = await resolveUrlIds(s);
  await stagePools(s, plan);
  await stageKeywords(s, plan);
  await stageStories(s, plan);
  return { marketIds, urlIdSql, urlJoin, video: await videoHost(s, plan) };
}

/** Stages one market's and week's keyword layouts and story placements (demo_k, demo_place). */
async function stageWeek(s: Session, plan: DemoSerpPlan, mi: number, w: number): Promise<void> {
  await s.run(`CREATE OR REPLACE TEMP TABLE demo_k AS ${keywordStageSql(plan, mi, w)}`);
  const weekSalt = mix32((plan.seed + 31 * (w + 1)) % 4294967296);
  await s.run(`CREATE OR REPLACE TEMP TABLE demo_cand AS ${storyCandidatesSql(mi, w, weekSalt)}`);
  await s.run(`CREATE OR REPLACE TEMP TABLE demo_place AS ${PLACEMENTS_SQL}`);
}

/**
 * Replaces the plan's keywords' snapshot of one market and week with the rows of the staged week, and
 * refreshes the derived tables for it.
 */
async function writeWeek(
  s: Session,
  plan: DemoSerpPlan,
  staged: Staged,
  mi: number,
  w: number,
): Promise<void> {
  const mid = staged.marketIds.get(plan.markets[mi]!.market)!;
  const date = plan.dates[w]!;
  await s.run(`DELETE FROM serp_results WHERE market_id = ${mid} AND date = DATE '${date}'
    AND keyword_id IN (SELECT keyword_id FROM demo_kw WHERE market_idx = ${mi})`);
  await s.run(
    `INSERT INTO serp_results ${serpRowsSql(plan, mi, mid, date, staged.video, staged.urlJoin, staged.urlIdSql)}`,
  );
  // Derived tables week by week: one refresh of every week sorted all of a market's rows at once
  // (2.6 billion at a million keywords × 26 weeks, 40 GB of spill and counting).
  await refreshSnapshots(s, `SELECT ${mid} AS market_id, DATE '${date}' AS date`);
}

/** Writes the weeks of the plan's markets `markets`, week by week, each in a transaction of its own. */
async function writeMarkets(
  s: Session,
  plan: DemoSerpPlan,
  staged: Staged,
  markets: readonly number[],
  tick: () => void,
): Promise<void> {
  for (const mi of markets) {
    // One row per keyword and position (2 million rows, 24 MB, at the default size), joined to each
    // week's keyword stage: the week's INSERT then scans a table of many row groups, which DuckDB splits
    // over its threads, where a cross join of the 20,000-row stage with range(1, 101) ran on one (the
    // week's rows took 20 s in all instead of 31 s at the default size).
    await s.run(`CREATE OR REPLACE TEMP TABLE demo_grid AS
      SELECT keyword_id, p FROM demo_kw CROSS JOIN range(1, 101) r(p) WHERE market_idx = ${mi}`);
    for (const w of plan.dates.keys()) {
      await stageWeek(s, plan, mi, w);
      await s.transaction(() => writeWeek(s, plan, staged, mi, w));
      tick();
    }
  }
}

/**
 * Connections the markets are written on side by side. On two cores one connection kept 1.1–1.3 cores
 * busy (a 20,000-keyword demo: 126 CPU seconds in 113 s), its commits and sorts' merges running on one thread.
 */
const LANES = 2;

/** Runs every task to its end, then fails with the first failure: no lane is left writing after a failure. */
async function settleAll(tasks: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((r) => r.status === 'rejected');
  if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
}

/**
 * Writes the plan's SERP history market by market and week by week, each week in a transaction of its own:
 * its rows replace the snapshot and its derived tables are refreshed with them, so the store is consistent
 * after every week, and a failure leaves whole weeks that a new run replaces. DuckDB reads a transaction's
 * own uncommitted rows far more slowly than committed ones: with one transaction for every week, each
 * week's refresh read the earlier weeks' rows that way (220 s in all against 111 s at 2 × 20,000 keywords ×
 * 26 weeks; the rollups 5 to 9 times slower), and the staged tables a week's rows are made from are
 * committed before its transaction for the same reason (its INSERT took 2.3 times the CPU otherwise).
 */
export async function generateDemoSerps(
  db: DuckDb,
  plan: DemoSerpPlan,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  checkDemoSerpPlan(plan);
  const total = plan.markets.length * plan.dates.length;
  await db.exclusive(async (s) => {
    await dropTemps(s);
    await s.run('SET preserve_insertion_order = false');
    try {
      // Outside the weeks' transactions (see above); dimension rows (markets, hosts, URLs) are harmless unused.
      const staged = await stage(s, plan);
      let done = 0;
      const tick = () => onProgress?.(++done, total);
      const lanes = Array.from({ length: Math.min(LANES, plan.markets.length) }, (_, lane) =>
        [...plan.markets.keys()].filter((mi) => mi % LANES === lane),
      );
      await settleAll(
        lanes.map((markets, lane) =>
          lane === 0
            ? writeMarkets(s, plan, staged, markets, tick)
            : db.sideWriter(async (side) => {
                // Temporary tables are the connection's own: the side lane stages its own, finding the
                // dimension rows the write connection added.
                try {
                  await writeMarkets(side, plan, await stage(side, plan), markets, tick);
                } finally {
                  await dropTemps(side);
                }
              }),
        ),
      );
      await dropTemps(s);
    } finally {
      await s.run('RESET preserve_insertion_order');
    }
  });
}
