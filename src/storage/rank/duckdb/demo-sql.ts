// SQL of the demo SERP generator (the model is documented on DemoSerpPlan in @core/demo/plan). Only integer
// arithmetic, CASE, exp/floor and joins, so the ClickHouse adapter can express the same statements with
// its own function names. Hashes are computed in layers of sub-selects so no expression is repeated.
import type { DemoSerpPlan } from '@core/demo/plan';
import { resultTypeCode } from '@core/result-types';
import { DEMO_CONFLICTS, layoutSteps, perIntent, salt } from '../demo-seeds';

const U32 = 4294967296;
const MIX = 73244475; // 0x45d9f3b

/**
 * Mueller's 32-bit mix (mix32 of @core/demo/prng) of a BIGINT in [0, 2³²); the argument must be a column
 * or literal, as it is repeated eight times.
 */
export function mixSql(x: string): string {
  const a = `((xor(${x}, ${x} >> 16) * ${MIX}) % ${U32})`;
  const b = `((xor(${a}, ${a} >> 16) * ${MIX}) % ${U32})`;
  return `xor(${b}, ${b} >> 16)`;
}

/**
 * Keyword stage of one market and week: per keyword the sampling offsets (ut, ud, a) and the positions of
 * its SERP features (0 = absent), from demo_kw (with hk, ht) for market index m and week w.
 */
export function keywordStageSql(plan: DemoSerpPlan, m: number, w: number): string {
  const top = plan.poolSlots / 10;
  const deep = plan.poolSlots / 90;
  let sql = `SELECT keyword_id, vertical, topic, intent, hk, ht,
      (w_ + (hk >> 8) % (4 + hk % 10)) // (4 + hk % 10) AS epoch
    FROM (SELECT *, ${w} AS w_ FROM demo_kw WHERE market_idx = ${m})`;
  sql = `SELECT *, ${mixSql('ek')} AS he FROM (SELECT *, xor(hk, (epoch * 40503 + 1) % ${U32}) AS ek FROM (${sql}))`;
  sql = `SELECT *,
      (ht % ${top} + hk % ${Math.round(top / 7.5)} + he % ${Math.round(top / 75)}) % ${top} AS ut,
      (ht % ${deep} + (hk >> 8) % ${Math.round(deep / 4)} + (he >> 8) % ${Math.round(deep / 25)}) % ${deep} AS ud,
      1 + (ht >> 16) % 10 AS a
    FROM (${sql})`;
  const steps = layoutSteps(plan);
  // Sitelinks hash the keyword (stable across weeks); features hash the keyword's current epoch.
  const hashes = steps
    .map((st, i) => `xor(${st.type === 'sitelinks' ? 'hk' : 'he'}, ${salt(1, i)}) AS fx${i}`)
    .join(', ');
  sql = `SELECT *, ${steps.map((_, i) => `${mixSql(`fx${i}`)} AS fh${i}`).join(', ')} FROM (SELECT *, ${hashes}, 0 AS m0 FROM (${sql}))`;
  steps.forEach((step, i) => {
    const present = `fh${i} % 1000 < ${perIntent(step.perMille, 'intent')}`;
    const free = (p: string) => `(m${i} >> (${p})) % 2 = 0`;
    if (step.type === 'sitelinks') {
      sql = `SELECT *, CASE WHEN ${present} AND (m${i} >> 1) % 8 = 0 THEN 1 ELSE 0 END AS sl,
          m${i} + CASE WHEN ${present} AND (m${i} >> 1) % 8 = 0 THEN 14 ELSE 0 END AS m${i + 1}
        FROM (${sql})`;
      return;
    }
    const len = step.last - step.first + 1;
    const candidates = Array.from(
      { length: len },
      (_, k) => `(${step.first} + ((fh${i} >> 10) % ${len} + ${k}) % ${len})`,
    );
    const pick = `CASE ${candidates.map((c) => `WHEN ${free(c)} THEN ${c}`).join(' ')} ELSE 0 END`;
    sql = `SELECT *, CASE WHEN ${present} THEN ${pick} ELSE 0 END AS ${step.column} FROM (${sql})`;
    sql = `SELECT *, m${i} + CASE WHEN ${step.column} > 0 THEN 1 << ${step.column} ELSE 0 END AS m${i + 1} FROM (${sql})`;
  });
  const keep = ['keyword_id', 'vertical', 'topic', 'ut', 'ud', 'a', ...steps.map((s) => s.column)];
  return `SELECT ${keep.join(', ')} FROM (${sql})`;
}

/** Story candidates of one market and week: (keyword, story, position, alt, URL shift) where the story ranks. */
export function storyCandidatesSql(m: number, w: number, weekSalt: number): string {
  const base = `SELECT k.keyword_id, s.story, s.spread, s.vol_pm, s.alt_pm, t.target, t.coverage_pm,
      xor(k.hk, s.salt) AS sx
    FROM demo_kw k
    JOIN demo_story s ON s.market_idx = k.market_idx AND s.vertical = k.vertical
    JOIN demo_track t ON t.story = s.story AND t.week = ${w}
    WHERE k.market_idx = ${m}`;
  const hashed = `SELECT *, ${mixSql('sx')} AS hs FROM (${base})`;
  const weekly = `SELECT *, ${mixSql('wx')} AS hw FROM (SELECT *, xor(hs, ${weekSalt}) AS wx FROM (${hashed}) WHERE hs % 10000 < coverage_pm)`;
  const placed = `SELECT keyword_id, story, hs,
      CASE WHEN (hs >> 13) % 1000 < alt_pm THEN 1 ELSE 0 END AS alt,
      greatest(1, least(100,
        CAST(floor(target * exp(((hs >> 3) % 2001 - 1000) / 1000.0 * spread) + 0.5) AS INTEGER)
        + CASE WHEN hw % 1000 < vol_pm AND target * exp(((hs >> 3) % 2001 - 1000) / 1000.0 * spread) >= 3.5
            THEN 2 * ((hw >> 10) % 2) - 1 ELSE 0 END)) AS pos
    FROM (${weekly})`;
  // Copy k = 1 is the second URL, kept only for the planted keywords and when it stays in the top 100.
  const { secondUrlPerMille: dup, flipPerMille: flip } = DEMO_CONFLICTS;
  return `SELECT keyword_id, story, alt, pos + d.k * (1 + (hs >> 27) % 3) AS pos,
      CASE WHEN d.k = 1 THEN 1
        WHEN (hs >> 22) % 1000 >= ${dup} AND (hs >> 22) % 1000 < ${dup + flip} THEN ((${w} + (hs >> 17) % 4) // 4) % 2
        ELSE 0 END AS shift
    FROM (${placed}) CROSS JOIN (VALUES (0), (1)) d(k)
    WHERE d.k = 0 OR ((hs >> 22) % 1000 < ${dup} AND pos + 1 + (hs >> 27) % 3 <= 100)`;
}

/**
 * Placements: one story per (keyword, position), the earliest story winning, with its host's attributes. A
 * URL shift moves the page picked (lurl = url_base + (topic − first_topic + …) % pages) by lowering first_topic.
 */
export const PLACEMENTS_SQL = `SELECT c.keyword_id, c.pos,
    CASE WHEN c.alt = 1 THEN s.alt_host_id ELSE s.host_id END AS host_id,
    CASE WHEN c.alt = 1 THEN s.alt_domain_id ELSE s.domain_id END AS domain_id,
    CASE WHEN c.alt = 1 THEN s.alt_url_base ELSE s.url_base END AS url_base,
    CASE WHEN c.alt = 1 THEN s.alt_pages ELSE s.pages END AS pages,
    s.first_topic - c.shift AS first_topic
  FROM demo_cand c
  JOIN (SELECT keyword_id, pos, min(story) AS story FROM demo_cand GROUP BY keyword_id, pos) w
    ON w.keyword_id = c.keyword_id AND w.pos = c.pos AND w.story = c.story
  JOIN demo_story s ON s.story = c.story`;

export interface VideoHostSql {
  hostId: number;
  domainId: number;
  urlBase: number;
  pages: number;
}

/**
 * SERP rows of one market and week from demo_grid (the market's keywords × positions 1–100), demo_k (keyword
 * stage) and demo_place (placements): host from the story placed there, else the video site for video
 * results, else the background pool. `urlIdSql` turns the column `lurl` (url_base + page) into a url id.
 */
export function serpRowsSql(
  plan: DemoSerpPlan,
  m: number,
  marketId: number,
  date: string,
  video: VideoHostSql,
  urlJoin: string,
  urlIdSql: string,
): string {
  const top = plan.poolSlots / 10;
  const deep = plan.poolSlots / 90;
  const steps = layoutSteps(plan).filter((s) => s.type === 'feature');
  const typeArms = steps
    .map((s, i) => `WHEN r.p = k.${s.column} THEN ${resultTypeCode(plan.features[i]!.type)}`)
    .join(' ');
  const rows = `SELECT k.keyword_id, k.topic, r.p,
      CASE WHEN k.sl = 1 AND r.p IN (2, 3) THEN 1 ELSE r.p END AS ps,
      CASE ${typeArms} WHEN k.sl = 1 AND r.p IN (2, 3) THEN ${resultTypeCode('sitelink')}
        ELSE ${resultTypeCode('organic')} END AS rt,
      k.vertical, k.ut, k.ud, k.a
    FROM demo_grid r JOIN demo_k k ON k.keyword_id = r.keyword_id`;
  const keyed = `SELECT keyword_id, topic, p, ps, rt,
      ((${m} * ${plan.verticals} + vertical) * 2 + CASE WHEN ps <= 10 THEN 0 ELSE 1 END) * ${plan.poolSlots}
        + CASE WHEN ps <= 10 THEN ut + ((a * ps) % 11 - 1) * ${top} ELSE ud + (ps - 11) * ${deep} END AS pkey
    FROM (${rows})`;
  const videoCode = resultTypeCode('video');
  const pick = (col: string, videoValue: number) =>
    `CASE WHEN pl.keyword_id IS NOT NULL THEN pl.${col} WHEN x.rt = ${videoCode} THEN ${videoValue} ELSE bg.${col} END`;
  const hosted = `SELECT x.keyword_id, x.p, x.rt,
      ${pick('host_id', video.hostId)} AS host_id,
      ${pick('domain_id', video.domainId)} AS domain_id,
      ${pick('url_base', video.urlBase)} + (x.topic - ${pick('first_topic', 0)} + x.p - x.ps)
        % ${pick('pages', video.pages)} AS lurl
    FROM (${keyed}) x
    JOIN demo_pool bg ON bg.pkey = x.pkey
    LEFT JOIN demo_place pl ON pl.keyword_id = x.keyword_id AND pl.pos = x.ps`;
  return `SELECT ${marketId}::SMALLINT, DATE '${date}', y.keyword_id, y.p::UTINYINT, y.rt::UTINYINT,
      ${urlIdSql}, y.host_id, y.domain_id
    FROM (${hosted}) y ${urlJoin}`;
}
