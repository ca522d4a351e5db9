// Conformance cases for organisation isolation, markets, projects and sites, campaigns, tracked domains,
// domain groups and reports; run by metaStoreSuite.
import { expect, it } from 'vitest';
import { DuplicateValueError } from '@storage/meta-store';
import { LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function workspaceCases(ctx: MetaSuiteContext): void {
  it('lists only the organisation’s own users, projects, campaigns, invitations and reports', async () => {
    const a = await ctx.seed();
    const b = await ctx.seed();
    await ctx.store.createInvitation({
      tokenHash: ctx.unique('tok'),
      organisationId: a.org.id,
      email: `${ctx.unique('inv')}@example.com`,
      roles: ['ROLE_CV'],
      invitedBy: a.user.id,
      createdAt: NOW,
      expiresAt: LATER,
    });
    await ctx.store.createReport(
      {
        organisationId: a.org.id,
        name: 'R',
        campaignId: a.campaign.id,
        sections: [],
        format: 'csv',
        createdBy: a.user.id,
      },
      NOW,
    );
    expect((await ctx.store.listUsers(b.org.id)).map((u) => u.id)).toEqual([b.user.id]);
    expect(await ctx.store.listProjects(b.org.id)).toEqual([b.project]);
    expect(await ctx.store.listCampaigns(b.org.id)).toEqual([b.campaign]);
    expect(await ctx.store.listInvitations(b.org.id)).toEqual([]);
    expect(await ctx.store.listReports(b.org.id)).toEqual([]);
    expect(await ctx.store.listInvitations(a.org.id)).toHaveLength(1);
    expect(await ctx.store.listReports(a.org.id)).toHaveLength(1);
  });

  it('returns null for another organisation’s project, campaign and report', async () => {
    const a = await ctx.seed();
    const b = await ctx.seed();
    const report = await ctx.store.createReport(
      {
        organisationId: a.org.id,
        name: 'R',
        campaignId: a.campaign.id,
        sections: ['kpis'],
        format: 'html',
        createdBy: a.user.id,
      },
      NOW,
    );
    expect(await ctx.store.getProject(a.org.id, a.project.id)).toEqual(a.project);
    expect(await ctx.store.getProject(b.org.id, a.project.id)).toBeNull();
    expect(await ctx.store.getCampaign(a.org.id, a.campaign.id)).toEqual(a.campaign);
    expect(await ctx.store.getCampaign(b.org.id, a.campaign.id)).toBeNull();
    expect(await ctx.store.getReport(a.org.id, report.id)).toEqual(report);
    expect(await ctx.store.getReport(b.org.id, report.id)).toBeNull();
    expect(await ctx.store.deleteReport(b.org.id, report.id)).toBe(false);
    expect(await ctx.store.getReport(a.org.id, report.id)).toEqual(report);
  });

  it('refuses a campaign in another organisation’s project and a report on another’s campaign', async () => {
    const a = await ctx.seed();
    const b = await ctx.seed();
    await expect(
      ctx.store.createCampaign(
        { organisationId: b.org.id, projectId: a.project.id, name: 'x', market: 'gb-en' },
        NOW,
      ),
    ).rejects.toThrow();
    await expect(
      ctx.store.createReport(
        {
          organisationId: b.org.id,
          name: 'x',
          campaignId: a.campaign.id,
          sections: [],
          format: 'csv',
          createdBy: b.user.id,
        },
        NOW,
      ),
    ).rejects.toThrow();
    expect(await ctx.store.listCampaigns(b.org.id)).toEqual([b.campaign]);
    expect(await ctx.store.listReports(b.org.id)).toEqual([]);
  });

  it('keeps markets per organisation: same code, separate rows and rank keys (issue 27)', async () => {
    const a = await ctx.seed();
    const b = await ctx.seed();
    const mobile = {
      code: 'zz-en-mobile',
      country: 'zz',
      language: 'en',
      device: 'mobile',
      engine: 'google',
      name: 'ZZ m',
    } as const;
    const desktop = { ...mobile, code: 'zz-en', device: 'desktop', name: 'ZZ' } as const;
    const keyA = ctx.unique('zz-en');
    await ctx.store.upsertMarket(a.org.id, mobile, ctx.unique('zz-en-mobile'));
    await ctx.store.upsertMarket(a.org.id, desktop, keyA);
    // An update changes the name, never the rank key.
    const renamed = await ctx.store.upsertMarket(a.org.id, { ...mobile, name: 'ZZ (mobile)' }, 'ignored');
    expect(renamed.name).toBe('ZZ (mobile)');
    expect(renamed.rankKey).not.toBe('ignored');
    const keyB = ctx.unique('zz-en');
    await ctx.store.upsertMarket(b.org.id, desktop, keyB);
    const ofA = (await ctx.store.listMarkets(a.org.id)).filter((m) => m.country === 'zz');
    expect(ofA.map(({ code, name, organisationId }) => ({ code, name, organisationId }))).toEqual([
      { code: 'zz-en', name: 'ZZ', organisationId: a.org.id },
      { code: 'zz-en-mobile', name: 'ZZ (mobile)', organisationId: a.org.id },
    ]);
    expect((await ctx.store.listMarkets(b.org.id)).map((m) => [m.code, m.rankKey])).toEqual([
      ['zz-en', keyB],
    ]);
    expect((await ctx.store.getMarket(a.org.id, 'zz-en'))?.rankKey).toBe(keyA);
    expect(await ctx.store.getMarket(b.org.id, 'zz-en-mobile')).toBeNull();
    // A rank key names one market of one organisation only.
    await expect(ctx.store.upsertMarket(b.org.id, mobile, keyA)).rejects.toThrow();
  });

  it('creates projects with sites and campaigns, filtered by project', async () => {
    const { org, project, campaign } = await ctx.seed();
    const second = await ctx.store.createProject(org.id, 'Second', NOW);
    expect(await ctx.store.listProjects(org.id)).toEqual([project, second]);
    const site = await ctx.store.addSite(second.id, 'www.example.com');
    expect(site).toEqual({ id: expect.any(Number), projectId: second.id, host: 'www.example.com' });
    expect(await ctx.store.listSites(second.id)).toEqual([site]);
    expect(await ctx.store.listSites(project.id)).toEqual([]);

    expect(campaign).toMatchObject({
      ctrModel: 'default',
      schedule: null,
      market: 'gb-en',
      createdAt: NOW,
    });
    const weekly = await ctx.store.createCampaign(
      {
        organisationId: org.id,
        projectId: second.id,
        name: 'Weekly',
        market: 'us-en-mobile',
        ctrModel: 'awr-2024',
        schedule: 'weekly',
      },
      NOW,
    );
    expect(weekly).toEqual({
      id: expect.any(Number),
      organisationId: org.id,
      projectId: second.id,
      name: 'Weekly',
      market: 'us-en-mobile',
      ctrModel: 'awr-2024',
      schedule: 'weekly',
      createdAt: NOW,
    });
    expect(await ctx.store.listCampaigns(org.id)).toEqual([campaign, weekly]);
    expect(await ctx.store.listCampaigns(org.id, second.id)).toEqual([weekly]);
    expect(await ctx.store.listCampaigns(org.id, project.id)).toEqual([campaign]);
  });

  it('tracks domains once per campaign, with isOwn as a boolean', async () => {
    const { campaign } = await ctx.seed();
    const other = await ctx.seed();
    const own = await ctx.store.addTrackedDomain(campaign.id, {
      value: 'example.com',
      label: 'Us',
      color: '#123456',
      isOwn: true,
    });
    const rival = await ctx.store.addTrackedDomain(campaign.id, {
      value: 'www.rival.com/blog',
      label: 'Rival',
      color: '#abcdef',
      isOwn: false,
    });
    expect(own).toEqual({
      id: expect.any(Number),
      campaignId: campaign.id,
      value: 'example.com',
      label: 'Us',
      color: '#123456',
      isOwn: true,
    });
    expect(rival.isOwn).toBe(false);
    expect(await ctx.store.listTrackedDomains(campaign.id)).toEqual([own, rival]);

    const dup = ctx.store.addTrackedDomain(campaign.id, {
      value: 'example.com',
      label: 'Again',
      color: '#000000',
      isOwn: false,
    });
    await expect(dup).rejects.toBeInstanceOf(DuplicateValueError);
    await expect(dup).rejects.toMatchObject({ field: 'trackedDomain' });
    await ctx.store.addTrackedDomain(other.campaign.id, {
      value: 'example.com',
      label: 'Them',
      color: '#000000',
      isOwn: true,
    });
    expect(await ctx.store.listTrackedDomains(campaign.id)).toEqual([own, rival]);
  });

  it('creates domain groups whose members keep their order', async () => {
    const { campaign } = await ctx.seed();
    const group = await ctx.store.createDomainGroup(campaign.id, {
      label: 'Retailers',
      color: '#ff0000',
      members: ['zeta.com', 'alpha.com', 'www.mid.com/shop', 'alpha.com'],
    });
    expect(group).toEqual({
      id: expect.any(Number),
      campaignId: campaign.id,
      label: 'Retailers',
      color: '#ff0000',
      members: ['zeta.com', 'alpha.com', 'www.mid.com/shop'],
    });
    const empty = await ctx.store.createDomainGroup(campaign.id, {
      label: 'Empty',
      color: '#00ff00',
      members: [],
    });
    expect(empty.members).toEqual([]);
    expect(await ctx.store.listDomainGroups(campaign.id)).toEqual([group, empty]);
    expect(await ctx.store.listDomainGroups(campaign.id + 1_000_000)).toEqual([]);
  });

  it('creates, lists, gets and deletes reports', async () => {
    const { org, user, campaign } = await ctx.seed();
    const report = await ctx.store.createReport(
      {
        organisationId: org.id,
        name: 'Weekly',
        campaignId: campaign.id,
        sections: ['visibility', 'kpis', 'league'],
        format: 'html',
        createdBy: user.id,
      },
      NOW,
    );
    expect(report).toEqual({
      id: expect.any(Number),
      organisationId: org.id,
      name: 'Weekly',
      campaignId: campaign.id,
      sections: ['visibility', 'kpis', 'league'],
      format: 'html',
      createdBy: user.id,
      createdAt: NOW,
    });
    expect(await ctx.store.listReports(org.id)).toEqual([report]);
    expect(await ctx.store.deleteReport(org.id, report.id)).toBe(true);
    expect(await ctx.store.deleteReport(org.id, report.id)).toBe(false);
    expect(await ctx.store.getReport(org.id, report.id)).toBeNull();
    expect(await ctx.store.listReports(org.id)).toEqual([]);
  });
}
