// Tracked domains and domain groups of a campaign (MetaStore only). Values are read strictly
// (core/tracked-value.ts: the explorer's parser plus the rules that keep stored values clean) and stored in
// canonical form, so `https://www.example.com/` and `www.example.com` are one value; a repeat is refused
// naming the value. A new domain or group takes the first palette colour no other series of the campaign
// uses (spec §4).
import type { z } from 'zod';
import type {
  addDomainRequest,
  domainGroupRequest,
  updateDomainGroupRequest,
  updateDomainRequest,
} from '@contracts/campaign-setup';
import type { DomainGroup, TrackedDomain } from '@core/model';
import { firstUnusedColour } from '@core/palette';
import { parseTrackedValue } from '@core/tracked-value';
import { DuplicateValueError } from '@storage/meta-store';
import { badRequest, conflict, notFound } from '../../http/errors';
import { audit, campaignOf, limitReached, prepareReads, type Actor, type SetupContext } from './context';

/** The canonical form of a typed value, or 400 naming the field, the value and why. */
export function canonicalValue(field: string, raw: string): string {
  const parsed = parseTrackedValue(raw);
  if (!parsed.ok) {
    throw badRequest(`${field}: ${JSON.stringify(raw)} cannot be tracked: ${parsed.reason}`, {
      field,
      value: raw,
    });
  }
  return parsed.filter.value;
}

function canonicalMembers(members: readonly string[]): string[] {
  return [...new Set(members.map((m, i) => canonicalValue(`members.${i}`, m)))];
}

async function usedColours(ctx: SetupContext, campaignId: number): Promise<string[]> {
  const [domains, groups] = await Promise.all([
    ctx.meta.listTrackedDomains(campaignId),
    ctx.meta.listDomainGroups(campaignId),
  ]);
  return [...domains.map((d) => d.color), ...groups.map((g) => g.color)];
}

const duplicate = (campaignId: number, value: string) =>
  conflict(`campaign ${campaignId} already tracks ${value}: edit that domain instead of adding it again`);

export async function addDomain(
  ctx: SetupContext,
  auth: Actor,
  campaignId: number,
  req: z.infer<typeof addDomainRequest>,
): Promise<TrackedDomain> {
  await campaignOf(ctx, auth, campaignId);
  const value = canonicalValue('value', req.value);
  const domains = await ctx.meta.listTrackedDomains(campaignId);
  if (domains.some((d) => d.value === value)) throw duplicate(campaignId, value);
  const limit = ctx.limits.domainsPerCampaign;
  if (domains.length >= limit) {
    throw limitReached(
      'domainsPerCampaign',
      limit,
      `campaign ${campaignId} already tracks ${domains.length} domains, the limit (SIGHTLINE_MAX_TRACKED_DOMAINS is ${limit}): remove one first`,
    );
  }
  const own = req.own ?? false;
  const domain = await ctx.meta
    .addTrackedDomain(campaignId, {
      value,
      label: req.label ?? value,
      color: firstUnusedColour(await usedColours(ctx, campaignId)),
      isOwn: own,
    })
    .catch((e: unknown) => {
      throw e instanceof DuplicateValueError ? duplicate(campaignId, value) : e;
    });
  await audit(
    ctx,
    auth,
    'create',
    'domain',
    domain.id,
    `campaign ${campaignId}: tracks ${value}${own ? ' (own)' : ''}`,
  );
  await prepareReads(ctx, campaignId);
  return domain;
}

export async function updateDomain(
  ctx: SetupContext,
  auth: Actor,
  campaignId: number,
  domainId: number,
  req: z.infer<typeof updateDomainRequest>,
): Promise<TrackedDomain> {
  await campaignOf(ctx, auth, campaignId);
  const domains = await ctx.meta.listTrackedDomains(campaignId);
  const before = domains.find((d) => d.id === domainId);
  if (!before) throw notFound(`domain ${domainId} of campaign ${campaignId}`);
  const value = req.value === undefined ? undefined : canonicalValue('value', req.value);
  if (value !== undefined && domains.some((d) => d.id !== domainId && d.value === value)) {
    throw duplicate(campaignId, value);
  }
  const domain = await ctx.meta
    .updateTrackedDomain(campaignId, domainId, {
      ...(value !== undefined && { value }),
      ...(req.label !== undefined && { label: req.label }),
      ...(req.color !== undefined && { color: req.color.toLowerCase() }),
      ...(req.own !== undefined && { isOwn: req.own }),
    })
    .catch((e: unknown) => {
      throw e instanceof DuplicateValueError ? duplicate(campaignId, value ?? before.value) : e;
    });
  if (!domain) throw notFound(`domain ${domainId} of campaign ${campaignId}`);
  const changes = (
    [
      ['value', before.value, domain.value],
      ['label', before.label, domain.label],
      ['colour', before.color, domain.color],
      ['own', before.isOwn, domain.isOwn],
    ] as const
  )
    .filter(([, a, b]) => a !== b)
    .map(([what, a, b]) => `${what} ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
  if (changes.length > 0) {
    await audit(
      ctx,
      auth,
      'update',
      'domain',
      domainId,
      `campaign ${campaignId}: ${before.value}: ${changes.join(', ')}`,
    );
  }
  if (domain.value !== before.value) await prepareReads(ctx, campaignId);
  return domain;
}

export async function deleteDomain(
  ctx: SetupContext,
  auth: Actor,
  campaignId: number,
  domainId: number,
): Promise<void> {
  await campaignOf(ctx, auth, campaignId);
  const before = (await ctx.meta.listTrackedDomains(campaignId)).find((d) => d.id === domainId);
  if (!before || !(await ctx.meta.deleteTrackedDomain(campaignId, domainId))) {
    throw notFound(`domain ${domainId} of campaign ${campaignId}`);
  }
  // The rank-tracking copy then stops keeping the domain's results (RankStore.prepareCampaignReads).
  await prepareReads(ctx, campaignId);
  await audit(
    ctx,
    auth,
    'delete',
    'domain',
    domainId,
    `campaign ${campaignId}: stopped tracking ${before.value}`,
  );
}

function sameLabel(groups: readonly DomainGroup[], label: string, except?: number): DomainGroup | undefined {
  const key = label.toLowerCase();
  return groups.find((g) => g.id !== except && g.label.toLowerCase() === key);
}

const duplicateGroup = (campaignId: number, label: string) =>
  conflict(`campaign ${campaignId} already has a domain group named "${label}": pick another name`);

export async function createGroup(
  ctx: SetupContext,
  auth: Actor,
  campaignId: number,
  req: z.infer<typeof domainGroupRequest>,
): Promise<DomainGroup> {
  await campaignOf(ctx, auth, campaignId);
  const members = canonicalMembers(req.members);
  if (sameLabel(await ctx.meta.listDomainGroups(campaignId), req.label))
    throw duplicateGroup(campaignId, req.label);
  const group = await ctx.meta.createDomainGroup(campaignId, {
    label: req.label,
    color: firstUnusedColour(await usedColours(ctx, campaignId)),
    members,
  });
  await audit(
    ctx,
    auth,
    'create',
    'domain-group',
    group.id,
    `campaign ${campaignId}: domain group "${req.label}" of ${members.join(', ')}`,
  );
  return group;
}

export async function updateGroup(
  ctx: SetupContext,
  auth: Actor,
  campaignId: number,
  groupId: number,
  req: z.infer<typeof updateDomainGroupRequest>,
): Promise<DomainGroup> {
  await campaignOf(ctx, auth, campaignId);
  const groups = await ctx.meta.listDomainGroups(campaignId);
  const before = groups.find((g) => g.id === groupId);
  if (!before) throw notFound(`domain group ${groupId} of campaign ${campaignId}`);
  if (req.label !== undefined && sameLabel(groups, req.label, groupId))
    throw duplicateGroup(campaignId, req.label);
  const members = req.members === undefined ? undefined : canonicalMembers(req.members);
  const group = await ctx.meta.updateDomainGroup(campaignId, groupId, {
    ...(req.label !== undefined && { label: req.label }),
    ...(req.color !== undefined && { color: req.color.toLowerCase() }),
    ...(members !== undefined && { members }),
  });
  if (!group) throw notFound(`domain group ${groupId} of campaign ${campaignId}`);
  const changes: string[] = [];
  if (before.label !== group.label) changes.push(`renamed to "${group.label}"`);
  if (before.color !== group.color) changes.push(`colour ${before.color} → ${group.color}`);
  if (before.members.join(',') !== group.members.join(','))
    changes.push(`members ${group.members.join(', ')}`);
  if (changes.length > 0) {
    await audit(
      ctx,
      auth,
      'update',
      'domain-group',
      groupId,
      `campaign ${campaignId}: group "${before.label}" ${changes.join('; ')}`,
    );
  }
  return group;
}

export async function deleteGroup(
  ctx: SetupContext,
  auth: Actor,
  campaignId: number,
  groupId: number,
): Promise<void> {
  await campaignOf(ctx, auth, campaignId);
  const before = (await ctx.meta.listDomainGroups(campaignId)).find((g) => g.id === groupId);
  if (!before || !(await ctx.meta.deleteDomainGroup(campaignId, groupId))) {
    throw notFound(`domain group ${groupId} of campaign ${campaignId}`);
  }
  await audit(
    ctx,
    auth,
    'delete',
    'domain-group',
    groupId,
    `campaign ${campaignId}: deleted group "${before.label}"`,
  );
}
