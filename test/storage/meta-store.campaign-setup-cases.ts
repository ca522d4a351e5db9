// Conformance cases for campaign set-up (migration 0008-campaign-setup): edits of projects, campaigns,
// tracked domains and domain groups scoped to their organisation or campaign; the stamped two-step delete
// (hidden at once, listed as pending, finished with cascades); the audit trail newest first per
// organisation. Run by metaStoreSuite on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { DuplicateValueError } from '@storage/meta-store';
import { HOSTILE, LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function campaignSetupCases(ctx: MetaSuiteContext): void {
  it('edits projects and campaigns only within their organisation', async () => {
    const { org, project, campaign } = await ctx.seed();
    const other = await ctx.seed();
    expect(await ctx.store.updateProject(other.org.id, project.id, { name: 'x' })).toBeNull();
    expect(await ctx.store.updateProject(org.id, project.id, { name: HOSTILE[0]! })).toEqual({
      ...project,
      name: HOSTILE[0],
    });
    const p2 = await ctx.store.createProject(org.id, 'second', NOW);
    const moved = await ctx.store.updateCampaign(org.id, campaign.id, {
      name: 'renamed',
      projectId: p2.id,
      market: 'us-en',
      schedule: 'weekly',
    });
    expect(moved).toEqual({
      ...campaign,
      name: 'renamed',
      projectId: p2.id,
      market: 'us-en',
      schedule: 'weekly',
    });
    expect(await ctx.store.updateCampaign(org.id, campaign.id, {})).toEqual(moved);
    expect(await ctx.store.updateCampaign(other.org.id, campaign.id, { name: 'x' })).toBeNull();
    // Another organisation's project is refused by the foreign key.
    await expect(
      ctx.store.updateCampaign(org.id, campaign.id, { projectId: other.project.id }),
    ).rejects.toThrow();
    expect((await ctx.store.getCampaign(org.id, campaign.id))?.projectId).toBe(p2.id);
  });

  it('stamps deletes, hides the stamped objects, lists them pending and finishes them with cascades', async () => {
    const { org, project, campaign, user } = await ctx.seed();
    const other = await ctx.seed();
    const second = await ctx.store.createCampaign(
      { organisationId: org.id, projectId: project.id, name: 'second', market: 'de-de' },
      NOW,
    );
    const domain = await ctx.store.addTrackedDomain(second.id, {
      value: 'a.com',
      label: 'A',
      color: '#1f77b4',
      isOwn: true,
    });
    await ctx.store.createReport(
      {
        organisationId: org.id,
        name: 'r',
        campaignId: second.id,
        sections: [],
        format: 'html',
        createdBy: user.id,
      },
      NOW,
    );
    expect(await ctx.store.markCampaignDeleting(other.org.id, campaign.id, NOW)).toBe(false);
    expect(await ctx.store.markCampaignDeleting(org.id, campaign.id, NOW)).toBe(true);
    expect(await ctx.store.markCampaignDeleting(org.id, campaign.id, NOW)).toBe(false);
    expect(await ctx.store.getCampaign(org.id, campaign.id)).toBeNull();
    expect((await ctx.store.listCampaigns(org.id)).map((c) => c.id)).toEqual([second.id]);
    expect(await ctx.store.updateCampaign(org.id, campaign.id, { name: 'x' })).toBeNull();

    expect(await ctx.store.markProjectDeleting(other.org.id, project.id, NOW)).toBeNull();
    const stamped = await ctx.store.markProjectDeleting(org.id, project.id, LATER);
    expect(stamped?.map((c) => c.id)).toEqual([second.id]);
    expect(await ctx.store.getProject(org.id, project.id)).toBeNull();
    expect(await ctx.store.listProjects(org.id)).toEqual([]);
    const pending = await ctx.store.pendingDeletes();
    expect(pending.campaigns.filter((c) => c.organisationId === org.id)).toEqual([
      { id: campaign.id, organisationId: org.id, market: 'gb-en' },
      { id: second.id, organisationId: org.id, market: 'de-de' },
    ]);
    expect(pending.projects.filter((p) => p.organisationId === org.id)).toEqual([
      { id: project.id, organisationId: org.id },
    ]);

    for (const c of [campaign, second]) await ctx.store.finishCampaignDelete(c.id);
    await ctx.store.finishProjectDelete(project.id);
    const after = await ctx.store.pendingDeletes();
    expect(after.campaigns.some((c) => c.organisationId === org.id)).toBe(false);
    expect(after.projects.some((p) => p.organisationId === org.id)).toBe(false);
    expect(await ctx.store.listTrackedDomains(second.id)).toEqual([]);
    expect(await ctx.store.listReports(org.id)).toEqual([]);
    expect(domain.id).toBeGreaterThan(0);
    // An unstamped row is never removed by a finish call.
    await ctx.store.finishCampaignDelete(other.campaign.id);
    await ctx.store.finishProjectDelete(other.project.id);
    expect(await ctx.store.getCampaign(other.org.id, other.campaign.id)).not.toBeNull();
  });

  it('edits and deletes tracked domains and domain groups of their campaign only', async () => {
    const { campaign } = await ctx.seed();
    const other = await ctx.seed();
    const a = await ctx.store.addTrackedDomain(campaign.id, {
      value: 'a.com',
      label: 'A',
      color: '#1f77b4',
      isOwn: true,
    });
    await ctx.store.addTrackedDomain(campaign.id, {
      value: 'b.com',
      label: 'B',
      color: '#ff7f0e',
      isOwn: false,
    });
    expect(await ctx.store.updateTrackedDomain(other.campaign.id, a.id, { label: 'x' })).toBeNull();
    expect(
      await ctx.store.updateTrackedDomain(campaign.id, a.id, {
        label: HOSTILE[1]!,
        isOwn: false,
        color: '#000000',
      }),
    ).toEqual({
      ...a,
      label: HOSTILE[1],
      isOwn: false,
      color: '#000000',
    });
    await expect(ctx.store.updateTrackedDomain(campaign.id, a.id, { value: 'b.com' })).rejects.toBeInstanceOf(
      DuplicateValueError,
    );
    expect(await ctx.store.deleteTrackedDomain(other.campaign.id, a.id)).toBe(false);
    expect(await ctx.store.deleteTrackedDomain(campaign.id, a.id)).toBe(true);
    expect((await ctx.store.listTrackedDomains(campaign.id)).map((d) => d.value)).toEqual(['b.com']);

    const g = await ctx.store.createDomainGroup(campaign.id, {
      label: 'G',
      color: '#2ca02c',
      members: ['a.com', 'b.com'],
    });
    expect(await ctx.store.updateDomainGroup(other.campaign.id, g.id, { label: 'x' })).toBeNull();
    expect(
      await ctx.store.updateDomainGroup(campaign.id, g.id, {
        label: 'H',
        members: ['c.com', 'a.com', 'c.com'],
      }),
    ).toEqual({
      ...g,
      label: 'H',
      members: ['c.com', 'a.com'],
    });
    expect(await ctx.store.updateDomainGroup(campaign.id, g.id, { color: '#111111' })).toMatchObject({
      color: '#111111',
      members: ['c.com', 'a.com'],
    });
    expect(await ctx.store.deleteDomainGroup(other.campaign.id, g.id)).toBe(false);
    expect(await ctx.store.deleteDomainGroup(campaign.id, g.id)).toBe(true);
    expect(await ctx.store.listDomainGroups(campaign.id)).toEqual([]);
  });

  it('records audit events and lists them newest first per organisation, with paging', async () => {
    const { org, user } = await ctx.seed();
    const other = await ctx.seed();
    const event = (summary: string) => ({
      organisationId: org.id,
      userId: user.id,
      userEmail: user.email,
      action: 'update',
      objectType: 'campaign',
      objectId: 7,
      summary,
    });
    const first = await ctx.store.recordAudit(event(HOSTILE[0]!), NOW);
    const second = await ctx.store.recordAudit(event('second'), LATER);
    expect(first).toEqual({ ...event(HOSTILE[0]!), id: expect.any(Number), at: NOW });
    expect(await ctx.store.listAudit(org.id, 10, 0)).toEqual([second, first]);
    expect(await ctx.store.listAudit(org.id, 1, 1)).toEqual([first]);
    expect(await ctx.store.listAudit(other.org.id, 10, 0)).toEqual([]);
  });
}
