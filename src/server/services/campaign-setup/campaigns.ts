// Projects and campaigns: create, edit, delete. A delete touches both stores, so it runs in two steps that
// can be re-run: the MetaStore row is stamped `deleting` (hidden from every read at once), the campaign's
// RankStore membership and rollups are cleared, then the row goes. A process that dies in between leaves a
// stamp that finishPendingDeletes() (called at every start) completes. The market's SERPs are never touched.
import type { z } from 'zod';
import type { createCampaignRequest, updateCampaignRequest } from '@contracts/campaign-setup';
import type { Campaign, Project } from '@core/model';
import { badRequest, conflict, notFound } from '../../http/errors';
import { findCtrModel } from '../ctr-models/resolve';
import { campaignRankMarket, ensureMarket } from '../market-keys';
import { audit, campaignOf, type Actor, type SetupContext } from './context';

type CreateCampaign = z.infer<typeof createCampaignRequest>;
type UpdateCampaign = z.infer<typeof updateCampaignRequest>;

async function projectOf(ctx: SetupContext, auth: Actor, id: number): Promise<Project> {
  const project = await ctx.meta.getProject(auth.user.organisationId, id);
  if (!project) throw notFound(`project ${id}`);
  return project;
}

export async function createProject(ctx: SetupContext, auth: Actor, name: string): Promise<Project> {
  const project = await ctx.meta.createProject(auth.user.organisationId, name, ctx.now().toISOString());
  await audit(ctx, auth, 'create', 'project', project.id, `created project "${name}"`);
  return project;
}

export async function renameProject(
  ctx: SetupContext,
  auth: Actor,
  id: number,
  name: string,
): Promise<Project> {
  const before = await projectOf(ctx, auth, id);
  const project = await ctx.meta.updateProject(auth.user.organisationId, id, { name });
  if (!project) throw notFound(`project ${id}`);
  await audit(ctx, auth, 'update', 'project', id, `renamed project "${before.name}" to "${name}"`);
  return project;
}

/** Clears a stamped campaign's RankStore rows, then its MetaStore row; safe to run again. */
async function finishCampaign(
  ctx: SetupContext,
  c: { id: number; organisationId: number; market: string },
): Promise<void> {
  await ctx.rank.setCampaignKeywords(c.id, await campaignRankMarket(ctx.meta, c), []);
  // No tracked domains left either: the RankStore forgets the declared set and its rank-tracking copy.
  await ctx.rank.prepareCampaignReads(c.id, []);
  await ctx.meta.finishCampaignDelete(c.id);
}

export async function deleteProject(ctx: SetupContext, auth: Actor, id: number): Promise<void> {
  const project = await projectOf(ctx, auth, id);
  const campaigns = await ctx.meta.markProjectDeleting(auth.user.organisationId, id, ctx.now().toISOString());
  if (campaigns === null) throw notFound(`project ${id}`);
  // Every stamped campaign, not only those stamped now: one left by an earlier failed delete would otherwise
  // lose its MetaStore row to the project's cascade before its RankStore rows were cleared.
  for (const c of (await ctx.meta.pendingDeletes()).campaigns) await finishCampaign(ctx, c);
  await ctx.meta.finishProjectDelete(id);
  const names = campaigns.map((c) => `"${c.name}"`).join(', ');
  await audit(
    ctx,
    auth,
    'delete',
    'project',
    id,
    `deleted project "${project.name}"${campaigns.length > 0 ? ` with its campaigns ${names}` : ''}`,
  );
}

/** 400 naming the field unless the id is a built-in model or one of the organisation's own. */
async function checkCtrModel(ctx: SetupContext, auth: Actor, id: string | undefined): Promise<void> {
  if (id === undefined || (await findCtrModel(ctx.meta, auth.user.organisationId, id)) !== null) return;
  throw badRequest(
    `ctrModel: your organisation has no CTR model ${JSON.stringify(id)}; use 'default' or an id listed by GET /api/v1/ctr-models`,
    { field: 'ctrModel' },
  );
}

export async function createCampaign(ctx: SetupContext, auth: Actor, req: CreateCampaign): Promise<Campaign> {
  const project = await projectOf(ctx, auth, req.projectId);
  await checkCtrModel(ctx, auth, req.ctrModel);
  await ensureMarket(ctx.meta, auth.user.organisationId, req.market);
  const campaign = await ctx.meta.createCampaign(
    {
      organisationId: auth.user.organisationId,
      projectId: project.id,
      name: req.name,
      market: req.market,
      ctrModel: req.ctrModel ?? 'default',
    },
    ctx.now().toISOString(),
  );
  await audit(
    ctx,
    auth,
    'create',
    'campaign',
    campaign.id,
    `created campaign "${req.name}" in ${req.market} under project "${project.name}"`,
  );
  return campaign;
}

export async function updateCampaign(
  ctx: SetupContext,
  auth: Actor,
  id: number,
  req: UpdateCampaign,
): Promise<Campaign> {
  const before = await campaignOf(ctx, auth, id);
  if (req.projectId !== undefined) await projectOf(ctx, auth, req.projectId);
  await checkCtrModel(ctx, auth, req.ctrModel);
  if (req.market !== undefined && req.market !== before.market) {
    // Keywords belong to a market (DESIGN §2): moving them would silently change every number.
    const held = (await ctx.rank.campaignKeywordSummary(id)).keywords;
    if (held > 0) {
      throw conflict(
        `campaign ${id} holds ${held} keywords of ${before.market}: remove them before moving it to ${req.market}, or create a new campaign in ${req.market}`,
      );
    }
    await ensureMarket(ctx.meta, auth.user.organisationId, req.market);
  }
  const campaign = await ctx.meta.updateCampaign(auth.user.organisationId, id, req);
  if (!campaign) throw notFound(`campaign ${id}`);
  const changes = (
    [
      ['name', before.name, campaign.name],
      ['project', before.projectId, campaign.projectId],
      ['market', before.market, campaign.market],
      ['CTR model', before.ctrModel, campaign.ctrModel],
    ] as const
  )
    .filter(([, a, b]) => a !== b)
    .map(([what, a, b]) => `${what} ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
  if (changes.length > 0) {
    await audit(ctx, auth, 'update', 'campaign', id, `campaign "${before.name}": ${changes.join(', ')}`);
  }
  return campaign;
}

export async function deleteCampaign(ctx: SetupContext, auth: Actor, id: number): Promise<void> {
  const campaign = await campaignOf(ctx, auth, id);
  if (!(await ctx.meta.markCampaignDeleting(auth.user.organisationId, id, ctx.now().toISOString()))) {
    throw notFound(`campaign ${id}`);
  }
  await finishCampaign(ctx, campaign);
  await audit(
    ctx,
    auth,
    'delete',
    'campaign',
    id,
    `deleted campaign "${campaign.name}" (${campaign.market})`,
  );
}

/**
 * Completes deletes a previous process stamped but did not finish (it died between the two stores' writes).
 * Returns how many campaigns and projects it finished.
 */
export async function finishPendingDeletes(
  ctx: SetupContext,
): Promise<{ campaigns: number; projects: number }> {
  const pending = await ctx.meta.pendingDeletes();
  for (const c of pending.campaigns) await finishCampaign(ctx, c);
  for (const p of pending.projects) await ctx.meta.finishProjectDelete(p.id);
  return { campaigns: pending.campaigns.length, projects: pending.projects.length };
}
