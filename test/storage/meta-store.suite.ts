// The MetaStore conformance suite: every adapter (SQLite, PostgreSQL) must pass it unchanged. `open` returns a
// new store on the same, initially empty database each time it is called; tests share that database, so each
// one creates its own organisation and uses unique emails, and checks counts as differences.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaStore } from '@storage/meta-store';
import { accountCases } from './meta-store.accounts-cases';
import { alertCases } from './meta-store.alerts-cases';
import { annotationCases } from './meta-store.annotations-cases';
import { gscLinkCases } from './meta-store.gsc-links-cases';
import { ctrModelCases } from './meta-store.ctr-models-cases';
import { apiTokenCases } from './meta-store.api-tokens-cases';
import { callRequestCases } from './meta-store.call-requests-cases';
import { campaignSetupCases } from './meta-store.campaign-setup-cases';
import { dashboardCases } from './meta-store.dashboards-cases';
import { reportCases } from './meta-store.reports-cases';
import { reportScheduleCases } from './meta-store.report-schedules-cases';
import { HOSTILE, LATER, NOW, seedWorkspace } from './meta-store.fixtures';
import { importJobCases } from './meta-store.import-jobs-cases';
import { rankCheckCases } from './meta-store.rank-checks-cases';
import { shareLinkCases } from './meta-store.share-links-cases';
import { dashboardShareLinkCases } from './meta-store.dashboard-share-links-cases';
import { taskCases } from './meta-store.tasks-cases';
import type { MetaSuiteContext } from './meta-store.fixtures';
import { widgetCases } from './meta-store.widgets-cases';
import { workspaceCases } from './meta-store.workspace-cases';

export function metaStoreSuite(name: string, open: () => Promise<MetaStore>): void {
  describe(`MetaStore conformance: ${name}`, () => {
    let opened: MetaStore | undefined;
    let seq = 0;
    const ctx: MetaSuiteContext = {
      get store() {
        if (!opened) throw new Error('store not open yet');
        return opened;
      },
      open,
      unique: (prefix) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 8)}`,
      seed: (roles = ['ROLE_ADMIN', 'ROLE_CV']) => seedWorkspace(ctx.store, ctx.unique, roles),
    };

    beforeAll(async () => {
      opened = await open();
      await opened.migrate();
    });
    afterAll(async () => {
      await opened?.close();
    });

    describe('accounts', () => accountCases(ctx));
    describe('workspace', () => workspaceCases(ctx));
    describe('import jobs', () => importJobCases(ctx));
    describe('rank checks', () => rankCheckCases(ctx));
    describe('widgets config', () => widgetCases(ctx));
    describe('call requests', () => callRequestCases(ctx));
    describe('share links', () => shareLinkCases(ctx));
    describe('campaign set-up', () => campaignSetupCases(ctx));
    describe('Search Console links', () => gscLinkCases(ctx));
    describe('API tokens', () => apiTokenCases(ctx));
    describe('annotations', () => annotationCases(ctx));
    describe('CTR models', () => ctrModelCases(ctx));
    describe('tasks', () => taskCases(ctx));
    describe('dashboards', () => dashboardCases(ctx));
    describe('dashboard share links', () => dashboardShareLinkCases(ctx));
    describe('report documents and generated reports', () => reportCases(ctx));
    describe('alerts', () => alertCases(ctx));
    describe('report schedules', () => reportScheduleCases(ctx));

    it('migrate() is idempotent: a second run, and a run from a second connection, change nothing', async () => {
      const { org } = await ctx.seed();
      await ctx.store.migrate();
      const second = await open();
      try {
        await second.migrate();
        expect(await second.getOrganisation(org.id)).toEqual(org);
      } finally {
        await second.close();
      }
      expect(await ctx.store.getOrganisation(org.id)).toEqual(org);
    });

    it('commits a transaction’s writes together and returns its value', async () => {
      const name = ctx.unique('tx-commit');
      const result = await ctx.store.transaction(async (tx) => {
        const org = await tx.createOrganisation(name, NOW);
        const project = await tx.createProject(org.id, 'P', NOW);
        // A nested call joins the outer transaction.
        await tx.transaction((inner) => inner.createProject(org.id, 'Q', NOW));
        return { org, project };
      });
      expect(await ctx.store.getOrganisation(result.org.id)).toEqual(result.org);
      expect((await ctx.store.listProjects(result.org.id)).map((p) => p.name)).toEqual(['P', 'Q']);
    });

    it('rolls a transaction back when its function throws: nothing is written', async () => {
      const name = ctx.unique('tx-rollback');
      const email = `${ctx.unique('tx')}@example.com`;
      const before = await ctx.store.counts();
      await expect(
        ctx.store.transaction(async (tx) => {
          const org = await tx.createOrganisation(name, NOW);
          await tx.createUser({
            organisationId: org.id,
            email,
            name: 'T',
            passwordHash: 'h',
            roles: ['ROLE_ADMIN'],
            now: NOW,
          });
          const project = await tx.createProject(org.id, 'P', NOW);
          await tx.createCampaign(
            { organisationId: org.id, projectId: project.id, name: 'C', market: 'gb-en' },
            NOW,
          );
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await ctx.store.counts()).toEqual(before);
      expect((await ctx.store.listOrganisations()).some((o) => o.name === name)).toBe(false);
      expect(await ctx.store.findUserByEmail(email)).toBeNull();
    });

    it('round-trips hostile strings unchanged', async () => {
      for (const s of HOSTILE) {
        const org = await ctx.store.createOrganisation(s, NOW);
        expect(await ctx.store.getOrganisation(org.id)).toEqual({ ...org, name: s });
        const user = await ctx.store.createUser({
          organisationId: org.id,
          email: `${ctx.unique('x')}+${s}@example.com`,
          name: s,
          passwordHash: s,
          roles: ['ROLE_CV'],
          now: NOW,
        });
        expect(await ctx.store.findUserByEmail(user.email)).toEqual({ ...user, name: s, passwordHash: s });
        const project = await ctx.store.createProject(org.id, s, NOW);
        expect((await ctx.store.getProject(org.id, project.id))?.name).toBe(s);
        expect((await ctx.store.addSite(project.id, s)).host).toBe(s);
        const campaign = await ctx.store.createCampaign(
          { organisationId: org.id, projectId: project.id, name: s, market: s, ctrModel: s },
          NOW,
        );
        expect(await ctx.store.getCampaign(org.id, campaign.id)).toMatchObject({
          name: s,
          market: s,
          ctrModel: s,
        });
        await ctx.store.addTrackedDomain(campaign.id, { value: s, label: s, color: s, isOwn: true });
        expect(await ctx.store.listTrackedDomains(campaign.id)).toMatchObject([
          { value: s, label: s, color: s },
        ]);
        await ctx.store.createDomainGroup(campaign.id, { label: s, color: s, members: [s, `${s}-2`] });
        expect(await ctx.store.listDomainGroups(campaign.id)).toMatchObject([
          { label: s, color: s, members: [s, `${s}-2`] },
        ]);
        const report = await ctx.store.createReport(
          {
            organisationId: org.id,
            name: s,
            campaignId: campaign.id,
            sections: [s, '"]', '\\'],
            format: 'csv',
            createdBy: user.id,
          },
          NOW,
        );
        expect(await ctx.store.getReport(org.id, report.id)).toMatchObject({
          name: s,
          sections: [s, '"]', '\\'],
        });
        const tokenHash = `${ctx.unique('t')}${s}`;
        await ctx.store.createInvitation({
          tokenHash,
          organisationId: org.id,
          email: s,
          roles: [],
          invitedBy: user.id,
          createdAt: NOW,
          expiresAt: LATER,
        });
        expect(await ctx.store.getInvitation(tokenHash)).toMatchObject({ tokenHash, email: s.toLowerCase() });
        const idHash = `${ctx.unique('s')}${s}`;
        await ctx.store.createSession({
          idHash,
          userId: user.id,
          csrfToken: s,
          createdAt: NOW,
          expiresAt: LATER,
          lastSeenAt: NOW,
        });
        expect((await ctx.store.getSession(idHash))?.csrfToken).toBe(s);
      }
      const market = {
        code: HOSTILE[2]!,
        country: HOSTILE[0]!,
        language: HOSTILE[1]!,
        device: 'desktop',
        engine: 'google',
        name: HOSTILE[4]!,
      } as const;
      const owner = await ctx.store.createOrganisation(ctx.unique('markets'), NOW);
      await ctx.store.upsertMarket(owner.id, market, HOSTILE[3]!);
      expect(await ctx.store.listMarkets(owner.id)).toEqual([
        { ...market, id: expect.any(Number), organisationId: owner.id, rankKey: HOSTILE[3]! },
      ]);
    });
  });
}
