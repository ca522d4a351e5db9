// ClickHouse SQL of the demo SERP generator: the statements of the DuckDB adapter's demo-sql.ts with the same
// arithmetic in ClickHouse's spelling (bitXor/bitShiftRight/intDiv for xor/>>/ //, numbers() for range(),
// one JOIN per SELECT as 18.16 requires, explicit join strictness, uniquely named join columns), so a plan
// gives the same rows on both engines. Hash columns are UInt64 holding values below 2³², so every product
// stays below 2⁶³ and both engines compute the same integers. `T` names the work tables of one write.
import type { DemoSerpPlan } from '@core/demo/plan';
import { resultTypeCode } from '@core/result-types';
import { DEMO_CONFLICTS, layoutSteps, perIntent, salt } from '../demo-seeds';
import { lit, SqlDate } from './escape';

const U32 = 4294967296;
const MIX = 73244475; // 0x45d9f3b

/** Work tables of the demo generator, by role (quoted, qualified names). */
export interface DemoTables {
  kw: string;
  story: string;
  track: string;
  pool: string;
  k: string;
  cand: string;
  place: string;
  urlMap: string | null;
}

/** Mueller's 32-bit mix of a UInt64 in [0, 2³²); the argument must be a column, as it is repeated. */
export function mixSql(x: string): string {
  const a = `((bitXor(${x}, bitShiftRight(${x}, 16)) * ${MIX}) % ${U32})`;
  const b = `((bitXor(${a}, bitShiftRight(${a}, 16)) * ${MIX}) % ${U32})`;
  return `bitXor(${b}, bitShiftRight(${b}, 16))`;
}

/** demo_kw: per keyword of every market its hashes hk (keyword) and ht (topic), from the raw keyword rows. */
export function keywordHashSql(raw: string, seeds: readonly number[]): string {
  const arms = seeds.map((s, mi) => `WHEN market_idx = ${mi} THEN ${lit(s)}`).join(' ');
  return `SELECT market_idx, ord, keyword_id, vertical, topic, intent, ${mixSql('xk')} AS hk, ${mixSql('xt')} AS ht
    FROM (SELECT *, (ms + ord) % ${U32} AS xk, (ms + 7919 * topic + 17) % ${U32} AS xt
      FROM (SELECT *, toUInt64(CASE ${arms} ELSE 0 END) AS ms FROM ${raw}))`;
}

/**
 * Keyword stage of one market and week, part 1: per keyword the sampling offsets (ut, ud, a) and the hashes
 * fh<i> of its layout steps, from demo_kw for market index m and week w. Parts 1 and 2 are separate
 * statements because 18.16 analyses nested sub-selects again at every level (cost grows with depth²).
 */
export function keywordHashesSql(plan: DemoSerpPlan, kw: string, m: number, w: number): string {
  const top = plan.poolSlots / 10;
  const deep = plan.poolSlots / 90;
  let sql = `SELECT keyword_id, vertical, topic, intent, hk, ht,
      intDiv(w_ + bitShiftRight(hk, 8) % (4 + hk % 10), 4 + hk % 10) AS epoch
    FROM (SELECT *, ${lit(w)} AS w_ FROM ${kw} WHERE market_idx = ${lit(m)})`;
  sql = `SELECT *, ${mixSql('ek')} AS he FROM (SELECT *, bitXor(hk, (epoch * 40503 + 1) % ${U32}) AS ek FROM (${sql}))`;
  sql = `SELECT *,
      (ht % ${lit(top)} + hk % ${lit(Math.round(top / 7.5))} + he % ${lit(Math.round(top / 75))}) % ${lit(top)} AS ut,
      (ht % ${lit(deep)} + bitShiftRight(hk, 8) % ${lit(Math.round(deep / 4))}
        + bitShiftRight(he, 8) % ${lit(Math.round(deep / 25))}) % ${lit(deep)} AS ud,
      1 + bitShiftRight(ht, 16) % 10 AS a
    FROM (${sql})`;
  const steps = layoutSteps(plan);
  // Sitelinks hash the keyword (stable across weeks); features hash the keyword's current epoch.
  const hashes = steps
    .map((st, i) => `bitXor(${st.type === 'sitelinks' ? 'hk' : 'he'}, ${lit(salt(1, i))}) AS fx${i}`)
    .join(', ');
  return `SELECT *, ${steps.map((_, i) => `${mixSql(`fx${i}`)} AS fh${i}`).join(', ')}
    FROM (SELECT *, ${hashes}, toUInt64(0) AS m0 FROM (${sql}))`;
}

/**
 * Keyword stage, part 2: the positions of each keyword's SERP features (0 = absent), laid out step by step
 * over the hashes of part 1 (table `hashed`); m<i> is the bit set of positions taken before step i.
 */
export function keywordLayoutSql(plan: DemoSerpPlan, hashed: string): string {
  const steps = layoutSteps(plan);
  let sql = `SELECT * FROM ${hashed}`;
  steps.forEach((step, i) => {
    const present = `fh${i} % 1000 < ${perIntent(step.perMille, 'intent')}`;
    const free = (p: string) => `bitShiftRight(m${i}, ${p}) % 2 = 0`;
    if (step.type === 'sitelinks') {
      const on = `${present} AND bitShiftRight(m${i}, 1) % 8 = 0`;
      sql = `SELECT *, CASE WHEN ${on} THEN 1 ELSE 0 END AS sl, m${i} + CASE WHEN ${on} THEN 14 ELSE 0 END AS m${i + 1}
        FROM (${sql})`;
      return;
    }
    const len = step.last - step.first + 1;
    const candidates = Array.from(
      { length: len },
      (_, k) => `(${lit(step.first)} + (bitShiftRight(fh${i}, 10) % ${lit(len)} + ${k}) % ${lit(len)})`,
    );
    const pick = `CASE ${candidates.map((c) => `WHEN ${free(c)} THEN ${c}`).join(' ')} ELSE 0 END`;
    // One level per step: m(i+1) uses the position column through its alias in the same SELECT.
    sql = `SELECT *, CASE WHEN ${present} THEN ${pick} ELSE 0 END AS ${step.column},
        m${i} + CASE WHEN ${step.column} > 0 THEN bitShiftLeft(toUInt64(1), ${step.column}) ELSE 0 END AS m${i + 1}
      FROM (${sql})`;
  });
  const keep = ['keyword_id', 'vertical', 'topic', 'ut', 'ud', 'a', ...steps.map((s) => s.column)];
  return `SELECT ${keep.join(', ')} FROM (${sql})`;
}

/**
 * Story candidates of one market and week: (keyword, story, position, alt, URL shift) where the story ranks,
 * with the planted cannibalisation of DEMO_CONFLICTS on the same hashes as the DuckDB generator.
 */
export function storyCandidatesSql(t: DemoTables, m: number, w: number, weekSalt: number): string {
  const storyWeek = `SELECT s.story AS sw_story, s.market_idx AS sw_market, s.vertical AS sw_vertical,
      s.spread AS sw_spread, s.vol_pm AS sw_vol, s.alt_pm AS sw_alt, s.salt AS sw_salt,
      tr.t_target AS sw_target, tr.t_coverage AS sw_coverage
    FROM ${t.story} AS s
    ALL INNER JOIN (SELECT story AS t_story, target AS t_target, coverage_pm AS t_coverage FROM ${t.track}
      WHERE week = ${lit(w)}) AS tr ON s.story = tr.t_story`;
  const base = `SELECT k.keyword_id AS keyword_id, sw.sw_story AS story, sw.sw_spread AS spread, sw.sw_vol AS vol_pm,
      sw.sw_alt AS alt_pm, sw.sw_target AS target, sw.sw_coverage AS coverage_pm, bitXor(k.hk, sw.sw_salt) AS sx
    FROM (SELECT keyword_id, market_idx, vertical, hk FROM ${t.kw} WHERE market_idx = ${lit(m)}) AS k
    ALL INNER JOIN (${storyWeek}) AS sw ON k.market_idx = sw.sw_market AND k.vertical = sw.sw_vertical`;
  const hashed = `SELECT *, ${mixSql('sx')} AS hs FROM (${base})`;
  const weekly = `SELECT *, ${mixSql('wx')} AS hw
    FROM (SELECT *, bitXor(hs, ${lit(weekSalt)}) AS wx FROM (${hashed}) WHERE hs % 10000 < coverage_pm)`;
  const raw = `target * exp((toInt64(bitShiftRight(hs, 3) % 2001) - 1000) / 1000.0 * spread)`;
  const placed = `SELECT keyword_id, story, hs,
      CASE WHEN bitShiftRight(hs, 13) % 1000 < alt_pm THEN 1 ELSE 0 END AS alt,
      greatest(1, least(100,
        toInt64(floor(${raw} + 0.5))
        + CASE WHEN hw % 1000 < vol_pm AND ${raw} >= 3.5
            THEN 2 * toInt64(bitShiftRight(hw, 10) % 2) - 1 ELSE 0 END)) AS pos
    FROM (${weekly})`;
  const { secondUrlPerMille: dup, flipPerMille: flip } = DEMO_CONFLICTS;
  const bucket = 'toInt64(bitShiftRight(hs, 22) % 1000)';
  const gap = '(1 + toInt64(bitShiftRight(hs, 27) % 3))';
  return `SELECT keyword_id, story, alt, toInt64(pos) + d.k * ${gap} AS pos,
      toInt64(CASE WHEN d.k = 1 THEN 1
        WHEN ${bucket} >= ${lit(dup)} AND ${bucket} < ${lit(dup + flip)}
          THEN intDiv(${lit(w)} + toInt64(bitShiftRight(hs, 17) % 4), 4) % 2
        ELSE 0 END) AS shift
    FROM (${placed}) AS c CROSS JOIN (SELECT toInt64(number) AS k FROM numbers(2)) AS d
    WHERE d.k = 0 OR (${bucket} < ${lit(dup)} AND toInt64(pos) + ${gap} <= 100)`;
}

/** Placements: one story per (keyword, position), the earliest story winning, with its host's attributes. */
export function placementsSql(t: DemoTables): string {
  return `SELECT c.keyword_id AS keyword_id, c.pos AS pos,
      CASE WHEN c.alt = 1 THEN s.s_alt_host_id ELSE s.s_host_id END AS host_id,
      CASE WHEN c.alt = 1 THEN s.s_alt_domain_id ELSE s.s_domain_id END AS domain_id,
      CASE WHEN c.alt = 1 THEN s.s_alt_url_base ELSE s.s_url_base END AS url_base,
      CASE WHEN c.alt = 1 THEN s.s_alt_pages ELSE s.s_pages END AS pages,
      toInt64(s.s_first_topic) - c.shift AS first_topic
    FROM (SELECT keyword_id, pos, story, alt, shift FROM ${t.cand}
      WHERE (keyword_id, pos, story) IN (SELECT keyword_id, pos, min(story) FROM ${t.cand} GROUP BY keyword_id, pos)) AS c
    ALL INNER JOIN (SELECT story AS s_story, host_id AS s_host_id, domain_id AS s_domain_id, url_base AS s_url_base,
        pages AS s_pages, first_topic AS s_first_topic, alt_host_id AS s_alt_host_id, alt_domain_id AS s_alt_domain_id,
        alt_url_base AS s_alt_url_base, alt_pages AS s_alt_pages
      FROM ${t.story}) AS s ON c.story = s.s_story`;
}

export interface VideoHostSql {
  hostId: number;
  domainId: number;
  urlBase: number;
  pages: number;
}

/**
 * SERP rows of one market and week from the keyword stage and the placements: 100 positions per keyword;
 * host from the story placed there, else the video site for video results, else the background pool.
 * Url ids are lurl + `urlBase` (the demo's URLs form one id block) or come from the lurl → id map.
 */
export function serpRowsSql(
  plan: DemoSerpPlan,
  t: DemoTables,
  m: number,
  marketId: number,
  date: string,
  video: VideoHostSql,
  urlBase: number | null,
): string {
  const top = plan.poolSlots / 10;
  const deep = plan.poolSlots / 90;
  const steps = layoutSteps(plan).filter((s) => s.type === 'feature');
  const typeArms = steps
    .map((s, i) => `WHEN p = ${s.column} THEN ${resultTypeCode(plan.features[i]!.type)}`)
    .join(' ');
  const rows = `SELECT keyword_id, topic, p,
      CASE WHEN sl = 1 AND p IN (2, 3) THEN 1 ELSE p END AS ps,
      CASE ${typeArms} WHEN sl = 1 AND p IN (2, 3) THEN ${resultTypeCode('sitelink')}
        ELSE ${resultTypeCode('organic')} END AS rt,
      vertical, ut, ud, a
    FROM ${t.k} CROSS JOIN (SELECT toInt64(number) AS p FROM numbers(1, 100)) AS r`;
  const keyed = `SELECT keyword_id, toInt64(topic) AS topic_i, p, ps, rt,
      toInt64(((${lit(m)} * ${lit(plan.verticals)} + vertical) * 2 + CASE WHEN ps <= 10 THEN 0 ELSE 1 END) * ${lit(plan.poolSlots)}
        + CASE WHEN ps <= 10 THEN toInt64(ut) + ((a * ps) % 11 - 1) * ${lit(top)} ELSE toInt64(ud) + (ps - 11) * ${lit(deep)} END)
        AS pkey
    FROM (${rows})`;
  const withPool = `SELECT x.keyword_id AS keyword_id, x.topic_i AS topic_i, x.p AS p, x.ps AS ps, x.rt AS rt,
      bg.bg_host_id AS bg_host_id, bg.bg_domain_id AS bg_domain_id, bg.bg_url_base AS bg_url_base,
      bg.bg_pages AS bg_pages, bg.bg_first_topic AS bg_first_topic
    FROM (${keyed}) AS x
    ALL INNER JOIN (SELECT pkey AS bg_pkey, host_id AS bg_host_id, domain_id AS bg_domain_id, url_base AS bg_url_base,
        pages AS bg_pages, first_topic AS bg_first_topic FROM ${t.pool}) AS bg ON x.pkey = bg.bg_pkey`;
  const withPlace = `SELECT y.keyword_id AS keyword_id, y.topic_i AS topic_i, y.p AS p, y.ps AS ps, y.rt AS rt,
      y.bg_host_id AS bg_host_id, y.bg_domain_id AS bg_domain_id, y.bg_url_base AS bg_url_base, y.bg_pages AS bg_pages,
      y.bg_first_topic AS bg_first_topic, pl.pl_hit AS pl_hit, pl.pl_host_id AS pl_host_id,
      pl.pl_domain_id AS pl_domain_id, pl.pl_url_base AS pl_url_base, pl.pl_pages AS pl_pages,
      pl.pl_first_topic AS pl_first_topic
    FROM (${withPool}) AS y
    ANY LEFT JOIN (SELECT keyword_id AS pl_keyword_id, pos AS pl_pos, toUInt8(1) AS pl_hit, host_id AS pl_host_id,
        domain_id AS pl_domain_id, url_base AS pl_url_base, pages AS pl_pages, first_topic AS pl_first_topic
      FROM ${t.place}) AS pl ON y.keyword_id = pl.pl_keyword_id AND y.ps = pl.pl_pos`;
  const videoCode = resultTypeCode('video');
  const pick = (col: string, videoValue: number) =>
    `CASE WHEN pl_hit = 1 THEN pl_${col} WHEN rt = ${videoCode} THEN ${lit(videoValue)} ELSE bg_${col} END`;
  const hosted = `SELECT keyword_id, p, rt,
      ${pick('host_id', video.hostId)} AS host_id,
      ${pick('domain_id', video.domainId)} AS domain_id,
      ${pick('url_base', video.urlBase)} + (topic_i - ${pick('first_topic', 0)} + p - ps) % ${pick('pages', video.pages)}
        AS lurl
    FROM (${withPlace})`;
  const head = `SELECT toUInt16(${lit(marketId)}), ${lit(new SqlDate(date))}`;
  if (urlBase !== null) {
    return `${head}, keyword_id, toUInt8(p), toUInt8(rt), toUInt32(lurl + ${lit(urlBase)}), toUInt32(host_id),
        toUInt32(domain_id)
      FROM (${hosted})`;
  }
  return `${head}, z.keyword_id, toUInt8(z.p), toUInt8(z.rt), toUInt32(um.um_url_id), toUInt32(z.host_id),
      toUInt32(z.domain_id)
    FROM (${hosted}) AS z
    ALL INNER JOIN (SELECT lurl AS um_lurl, url_id AS um_url_id FROM ${t.urlMap}) AS um ON z.lurl = um.um_lurl`;
}
