// The parts of a ClickHouse import commit (import-commit.ts) outside the SERP facts: Search Console rows,
// replaced by key within their property's partition on the primary shard, and a campaign's membership with
// the import's keywords of its market added (tags and groups merged).
import type { RankImportCommit } from '../../rank-store';
import type { StagedWrite } from './atomic';
import { int } from './client';
import { lit } from './escape';
import type { ChContext } from './context';
import type { ImportTables } from './imports';
import type { KeywordIds } from './import-commit';

/** Stages the property's Search Console rows: stored ones not replaced by key, and the staged ones. */
export async function stageSearchConsole(
  ctx: ChContext,
  write: StagedWrite,
  t: ImportTables,
  sc: NonNullable<RankImportCommit['searchConsole']>,
): Promise<number> {
  const primary = ctx.topology.primary;
  const nullable = ['date', 'query', 'page', 'country', 'device', 'search_appearance']
    .map((c) => `isNull(${c}), ifNull(toString(${c}), '')`)
    .join(', ');
  const keyed = await write.workAs(
    primary,
    'imp_gsc',
    `SELECT *, cityHash64(source, dimensions, ${nullable}) AS k FROM ${t.gsc}`,
  );
  const stage = await write.stageTable(primary, 'gsc_rows');
  const same = `property = ${lit(sc.property)} AND search_type = ${lit(sc.searchType)} AND period = ${lit(sc.period)}`;
  await ctx.primary.command(`INSERT INTO ${stage} SELECT * FROM ${ctx.table('gsc_rows')}
    WHERE property = ${lit(sc.property)} AND NOT (${same} AND k IN (SELECT k FROM ${keyed}))`);
  await ctx.primary.command(`INSERT INTO ${stage}
    SELECT ${lit(sc.property)}, ${lit(sc.searchType)}, ${lit(sc.period)}, source, dimensions, k, date, query,
      page, country, device, search_appearance, clicks, impressions, ctr, position
    FROM ${keyed} WHERE ord IN (SELECT max(ord) FROM ${keyed} GROUP BY k)`);
  write.replaceTable(primary, 'gsc_rows', lit(sc.property));
  return int((await ctx.primary.one(`SELECT uniqExact(k) AS n FROM ${keyed}`)).n);
}

/** Stages the campaign's membership with the import's keywords of its market added (labels merged). */
export async function stageCampaign(
  ctx: ChContext,
  write: StagedWrite,
  c: RankImportCommit,
  ids: KeywordIds,
  markets: Map<string, number>,
): Promise<number> {
  const campaign = c.campaign!;
  const mid = markets.get(campaign.market);
  if (mid === undefined) return 0;
  const joining = c.keywords.filter((k) => k.market === campaign.market);
  if (joining.length === 0) return 0;
  const shard = ctx.shardOf(mid);
  const where = `market_id = ${lit(mid)} AND campaign_id = ${lit(campaign.id)}`;
  const current = await shard.server.rows(
    `SELECT keyword_id, tags, groups FROM ${ctx.local('campaign_keywords')} WHERE ${where}`,
  );
  const members = new Map<number, { tags: Set<string>; groups: Set<string> }>();
  for (const r of current) {
    members.set(int(r.keyword_id), {
      tags: new Set(r.tags as string[]),
      groups: new Set(r.groups as string[]),
    });
  }
  let changed = false;
  for (const k of joining) {
    const id = ids.id[k.localId]!;
    let m = members.get(id);
    if (m === undefined) {
      m = { tags: new Set(), groups: new Set() };
      members.set(id, m);
      changed = true;
    }
    for (const [have, given] of [
      [m.tags, k.tags],
      [m.groups, k.groups],
    ] as const) {
      for (const label of given) {
        if (have.has(label)) continue;
        have.add(label);
        changed = true;
      }
    }
  }
  if (changed) {
    const stage = await write.stage(shard, 'campaign_keywords');
    await shard.server.command(`INSERT INTO ${stage} SELECT * FROM ${ctx.local('campaign_keywords')}
      WHERE market_id = ${lit(mid)} AND campaign_id != ${lit(campaign.id)}`);
    await shard.server.insert(
      stage,
      [...members]
        .sort((a, b) => a[0] - b[0])
        .map(([keywordId, l]) => ({
          campaign_id: campaign.id,
          market_id: mid,
          keyword_id: keywordId,
          tags: [...l.tags].sort(),
          groups: [...l.groups].sort(),
        })),
    );
    write.replace(shard, 'campaign_keywords', lit(mid));
  }
  return joining.length;
}
