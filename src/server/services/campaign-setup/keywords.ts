// A campaign's keywords with their tags and keyword groups (RankStore membership) and the market's keyword
// volumes. Every edit reads the current membership, changes it in memory and writes the whole of it back in
// one RankStore transaction (setCampaignKeywords), which also rebuilds the campaign's rollups: an edit is all
// or nothing, re-running it gives the same state, and every derived table stays exact. Volumes belong to
// the market's keyword (DESIGN §2), so a volume given here is the market's for every campaign.
import type { z } from 'zod';
import type {
  addKeywordsRequest,
  addKeywordsResponse,
  campaignKeywordsQuery,
  campaignKeywordsResponse,
  marketKeywordsQuery,
  marketKeywordsResponse,
  removeKeywordsResponse,
} from '@contracts/campaign-setup';
import { normaliseKeyword } from '@core/keyword';
import type { Campaign } from '@core/model';
import type { CampaignKeywordInput, KeywordInput, KeywordRow } from '@storage/rank-store';
import { badRequest, conflict, notFound } from '../../http/errors';
import { campaignRankMarket } from '../market-keys';
import { audit, campaignOf, limitReached, prepareReads, type Actor, type SetupContext } from './context';

type Membership = Map<number, { tags: Set<string>; groups: string[] }>;

async function membershipOf(ctx: SetupContext, campaignId: number): Promise<Membership> {
  const rows = await ctx.rank.readCampaignKeywords(campaignId);
  return new Map(rows.map((r) => [r.keywordId, { tags: new Set(r.tags), groups: [...r.groups] }]));
}

async function write(ctx: SetupContext, campaign: Campaign, m: Membership): Promise<void> {
  const entries: CampaignKeywordInput[] = [...m].map(([keywordId, e]) => ({
    keywordId,
    tags: [...e.tags].sort(),
    groups: e.groups,
  }));
  await ctx.rank.setCampaignKeywords(campaign.id, await campaignRankMarket(ctx.meta, campaign), entries);
  await prepareReads(ctx, campaign.id);
}

interface Wanted {
  text: string;
  /** undefined: keep the market's volume (null for a new keyword). */
  sv: number | null | undefined;
  tags: Set<string>;
  group: string | undefined;
}

/** Normalised, one entry per text: repeats merge their tags, the last volume and group given win. */
function wantedKeywords(entries: z.infer<typeof addKeywordsRequest>['keywords']): Wanted[] {
  const byText = new Map<string, Wanted>();
  entries.forEach((e, i) => {
    const text = normaliseKeyword(e.keyword);
    if (text === '')
      throw badRequest(`keywords.${i}.keyword: a keyword cannot be blank`, {
        field: `keywords.${i}.keyword`,
      });
    const w = byText.get(text) ?? { text, sv: undefined, tags: new Set<string>(), group: undefined };
    if (e.searchVolume !== undefined) w.sv = e.searchVolume;
    for (const t of e.tags ?? []) w.tags.add(t);
    if (e.group !== undefined) w.group = e.group;
    byText.set(text, w);
  });
  return [...byText.values()];
}

export async function addKeywords(
  ctx: SetupContext,
  auth: Actor,
  campaignId: number,
  req: z.infer<typeof addKeywordsRequest>,
): Promise<z.infer<typeof addKeywordsResponse>> {
  const campaign = await campaignOf(ctx, auth, campaignId);
  const rankKey = await campaignRankMarket(ctx.meta, campaign);
  const wanted = wantedKeywords(req.keywords);
  const [membership, known] = await Promise.all([
    membershipOf(ctx, campaignId),
    ctx.rank.readKeywords(rankKey),
  ]);
  const byText = new Map(known.map((k) => [k.text, k]));
  const fresh = wanted.filter((w) => {
    const k = byText.get(w.text);
    return k === undefined || !membership.has(k.id);
  }).length;
  const limit = ctx.limits.keywordsPerCampaign;
  if (membership.size + fresh > limit) {
    throw limitReached(
      'keywordsPerCampaign',
      limit,
      `campaign ${campaignId} holds ${membership.size} keywords and this adds ${fresh}: more than the limit of ${limit} (SIGHTLINE_MAX_CAMPAIGN_KEYWORDS)`,
    );
  }
  // Only new keywords and changed volumes are written to the market: an unchanged one costs no rollup work.
  const upserts: KeywordInput[] = wanted
    .filter((w) => {
      const k = byText.get(w.text);
      return k === undefined || (w.sv !== undefined && w.sv !== k.sv);
    })
    .map((w) => ({ text: w.text, sv: w.sv ?? null }));
  const ids =
    upserts.length > 0 ? await ctx.rank.upsertKeywords(rankKey, upserts) : new Map<string, number>();
  let added = 0;
  for (const w of wanted) {
    const id = ids.get(w.text) ?? byText.get(w.text)!.id;
    const entry = membership.get(id);
    if (entry === undefined) {
      membership.set(id, { tags: new Set(w.tags), groups: w.group === undefined ? [] : [w.group] });
      added += 1;
    } else {
      for (const t of w.tags) entry.tags.add(t);
      if (w.group !== undefined) entry.groups = [w.group];
    }
  }
  await write(ctx, campaign, membership);
  await audit(
    ctx,
    auth,
    'add-keywords',
    'keywords',
    campaignId,
    `campaign ${campaignId}: added ${added} keywords, updated ${wanted.length - added}`,
  );
  return { added, merged: wanted.length - added, total: membership.size };
}

export async function removeKeywords(
  ctx: SetupContext,
  auth: Actor,
  campaignId: number,
  keywords: readonly string[],
): Promise<z.infer<typeof removeKeywordsResponse>> {
  const campaign = await campaignOf(ctx, auth, campaignId);
  const [membership, known] = await Promise.all([
    membershipOf(ctx, campaignId),
    ctx.rank.readKeywords(await campaignRankMarket(ctx.meta, campaign)),
  ]);
  const byText = new Map(known.map((k) => [k.text, k.id]));
  const notFound: string[] = [];
  let removed = 0;
  for (const raw of new Set(keywords.map(normaliseKeyword))) {
    const id = byText.get(raw);
    if (id !== undefined && membership.delete(id)) removed += 1;
    else notFound.push(raw);
  }
  if (removed > 0) {
    await write(ctx, campaign, membership);
    await audit(
      ctx,
      auth,
      'remove-keywords',
      'keywords',
      campaignId,
      `campaign ${campaignId}: removed ${removed} keywords`,
    );
  }
  return { removed, notFound, total: membership.size };
}

export type LabelKind = 'tag' | 'keyword-group';

const labelsOf = (kind: LabelKind, e: { tags: Set<string>; groups: string[] }): string[] =>
  kind === 'tag' ? [...e.tags] : e.groups;

/** Renames (to `to`) or, when `to` is null, removes a tag or keyword group from every keyword carrying it. */
export async function changeLabel(
  ctx: SetupContext,
  auth: Actor,
  campaignId: number,
  kind: LabelKind,
  from: string,
  to: string | null,
): Promise<{ keywords: number }> {
  const campaign = await campaignOf(ctx, auth, campaignId);
  const membership = await membershipOf(ctx, campaignId);
  const carriers = [...membership.values()].filter((e) => labelsOf(kind, e).includes(from));
  const noun = kind === 'tag' ? 'tag' : 'keyword group';
  if (carriers.length === 0) throw notFound(`${noun} "${from}" of campaign ${campaignId}`);
  if (to !== null && to !== from && [...membership.values()].some((e) => labelsOf(kind, e).includes(to))) {
    throw conflict(
      `campaign ${campaignId} already has a ${noun} "${to}": pick another name, or delete one of the two`,
    );
  }
  for (const e of carriers) {
    if (kind === 'tag') {
      e.tags.delete(from);
      if (to !== null) e.tags.add(to);
    } else {
      e.groups = to === null ? [] : [to];
    }
  }
  await write(ctx, campaign, membership);
  const what = to === null ? `deleted ${noun} "${from}"` : `renamed ${noun} "${from}" to "${to}"`;
  await audit(
    ctx,
    auth,
    to === null ? 'delete' : 'rename',
    kind,
    campaignId,
    `campaign ${campaignId}: ${what} (${carriers.length} keywords)`,
  );
  return { keywords: carriers.length };
}

export async function listCampaignKeywords(
  ctx: SetupContext,
  auth: Actor,
  campaignId: number,
  q: z.infer<typeof campaignKeywordsQuery>,
): Promise<z.infer<typeof campaignKeywordsResponse>> {
  const campaign = await campaignOf(ctx, auth, campaignId);
  const members = await ctx.rank.readCampaignKeywords(campaignId);
  const rows = await ctx.rank.readKeywords(
    await campaignRankMarket(ctx.meta, campaign),
    members.map((m) => m.keywordId),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const search = q.search === undefined ? '' : normaliseKeyword(q.search);
  const items = members
    .map((m) => ({ m, k: byId.get(m.keywordId)! }))
    .filter(({ k }) => k !== undefined && k.text.includes(search))
    .filter(({ m }) => q.tag === undefined || m.tags.includes(q.tag))
    .filter(({ m }) => q.group === undefined || m.groups.includes(q.group))
    .sort((a, b) => (b.k.sv ?? -1) - (a.k.sv ?? -1) || (a.k.text < b.k.text ? -1 : 1))
    .map(({ m, k }) => ({ keyword: k.text, searchVolume: k.sv, tags: m.tags, group: m.groups[0] ?? null }));
  return { items: items.slice(q.offset, q.offset + q.limit), total: items.length };
}

/** The market's keywords by volume (largest first), for picking; optionally without a campaign's own. */
export async function listMarketKeywords(
  ctx: SetupContext,
  auth: Actor,
  market: string,
  q: z.infer<typeof marketKeywordsQuery>,
): Promise<z.infer<typeof marketKeywordsResponse>> {
  const excluded = new Set<number>();
  if (q.excludeCampaign !== undefined) {
    const c = await campaignOf(ctx, auth, q.excludeCampaign);
    if (c.market !== market)
      throw badRequest(`excludeCampaign: campaign ${c.id} is in ${c.market}, not ${market}`);
    for (const m of await ctx.rank.readCampaignKeywords(c.id)) excluded.add(m.keywordId);
  }
  const search = q.search === undefined ? '' : normaliseKeyword(q.search);
  // Only the organisation's own market: one it has not met yet has no keywords to pick.
  const own = await ctx.meta.getMarket(auth.user.organisationId, market);
  const rows: KeywordRow[] = (own === null ? [] : await ctx.rank.readKeywords(own.rankKey)).filter(
    (k) => !excluded.has(k.id) && k.text.includes(search),
  );
  rows.sort((a, b) => (b.sv ?? -1) - (a.sv ?? -1) || (a.text < b.text ? -1 : 1));
  return {
    items: rows.slice(0, q.limit).map((k) => ({ keyword: k.text, searchVolume: k.sv })),
    total: rows.length,
  };
}
