// Conformance cases for annotations (migration 0012-annotations): stored exactly (hostile text included),
// listed per organisation as the organisation-wide ones plus one campaign's within a date range, edited and
// deleted only within their organisation, written all or none, and removed with their campaign; run by
// metaStoreSuite on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import type { NewAnnotation } from '@storage/annotation-store';
import { HOSTILE, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function annotationCases(ctx: MetaSuiteContext): void {
  it('stores annotations exactly and lists the organisation-wide ones plus a campaign’s, by date', async () => {
    const { org, user, campaign, project } = await ctx.seed();
    const other = await ctx.store.createCampaign(
      { organisationId: org.id, projectId: project.id, name: 'Other', market: 'gb-en' },
      NOW,
    );
    const base = { organisationId: org.id, createdBy: user.id, source: 'note' } as const;
    const [late, wide, mine, theirs] = await ctx.store.createAnnotations(
      [
        { ...base, campaignId: campaign.id, date: '2025-03-10', title: HOSTILE[0]!, note: HOSTILE[4]! },
        { ...base, campaignId: null, date: '2025-02-01', title: 'Core update', note: null },
        { ...base, campaignId: campaign.id, date: '2025-02-01', title: HOSTILE[2]!, note: HOSTILE[5]! },
        { ...base, campaignId: other.id, date: '2025-02-15', title: 'Other’s', note: null },
      ],
      NOW,
    );
    expect(late).toEqual({
      id: expect.any(Number),
      organisationId: org.id,
      campaignId: campaign.id,
      date: '2025-03-10',
      title: HOSTILE[0],
      note: HOSTILE[4],
      source: 'note',
      createdBy: user.id,
      createdAt: NOW,
    });
    expect(await ctx.store.listAnnotations(org.id, { campaignId: campaign.id })).toEqual([wide, mine, late]);
    expect(await ctx.store.listAnnotations(org.id, { campaignId: other.id })).toEqual([wide, theirs]);
    expect(await ctx.store.listAnnotations(org.id, { campaignId: null })).toEqual([wide]);
    // Bounds are inclusive.
    expect(
      await ctx.store.listAnnotations(org.id, {
        campaignId: campaign.id,
        from: '2025-02-02',
        to: '2025-03-10',
      }),
    ).toEqual([late]);
    expect(await ctx.store.listAnnotations(org.id, { campaignId: campaign.id, to: '2025-02-01' })).toEqual([
      wide,
      mine,
    ]);
    const stranger = await ctx.seed();
    expect(await ctx.store.listAnnotations(stranger.org.id, { campaignId: campaign.id })).toEqual([]);
    expect(await ctx.store.getAnnotation(org.id, mine!.id)).toEqual(mine);
    expect(await ctx.store.getAnnotation(stranger.org.id, mine!.id)).toBeNull();
  });

  it('edits and deletes an annotation only within its organisation', async () => {
    const { org, user, campaign } = await ctx.seed();
    const stranger = await ctx.seed();
    const [a] = await ctx.store.createAnnotations(
      [
        {
          organisationId: org.id,
          campaignId: campaign.id,
          date: '2025-01-01',
          title: 'Launch',
          note: 'first',
          source: 'note',
          createdBy: user.id,
        },
      ],
      NOW,
    );
    expect(await ctx.store.updateAnnotation(stranger.org.id, a!.id, { title: 'x' })).toBeNull();
    expect(await ctx.store.deleteAnnotation(stranger.org.id, a!.id)).toBe(false);
    const edited = await ctx.store.updateAnnotation(org.id, a!.id, {
      campaignId: null,
      date: '2025-01-02',
      title: 'Relaunch',
      note: null,
    });
    expect(edited).toEqual({ ...a, campaignId: null, date: '2025-01-02', title: 'Relaunch', note: null });
    expect(await ctx.store.updateAnnotation(org.id, a!.id, {})).toEqual(edited);
    expect(await ctx.store.updateAnnotation(org.id, a!.id, { note: 'kept' })).toMatchObject({
      title: 'Relaunch',
      note: 'kept',
    });
    expect(await ctx.store.deleteAnnotation(org.id, a!.id)).toBe(true);
    expect(await ctx.store.deleteAnnotation(org.id, a!.id)).toBe(false);
    expect(await ctx.store.getAnnotation(org.id, a!.id)).toBeNull();
  });

  it('writes a list all or none, in batches, in the order given', async () => {
    const { org, user } = await ctx.seed();
    const many: NewAnnotation[] = Array.from({ length: 1_201 }, (_, i) => ({
      organisationId: org.id,
      campaignId: null,
      date: `2024-${String((i % 12) + 1).padStart(2, '0')}-01`,
      title: `Update ${i}`,
      note: null,
      source: 'search-engine-update',
      createdBy: user.id,
    }));
    const created = await ctx.store.createAnnotations(many, NOW);
    expect(created.map((a) => a.title)).toEqual(many.map((a) => a.title));
    expect(created.every((a) => a.source === 'search-engine-update')).toBe(true);
    expect(await ctx.store.listAnnotations(org.id, { campaignId: null })).toHaveLength(1_201);

    const bad = await ctx.seed();
    // The last row names a campaign that does not exist: the foreign key fails the whole list.
    await expect(
      ctx.store.createAnnotations(
        [
          ...many.map((a) => ({ ...a, organisationId: bad.org.id })),
          { ...many[0]!, organisationId: bad.org.id, campaignId: 2_000_000_000 },
        ],
        NOW,
      ),
    ).rejects.toThrow();
    expect(await ctx.store.listAnnotations(bad.org.id, { campaignId: null })).toEqual([]);
    expect(await ctx.store.createAnnotations([], NOW)).toEqual([]);
  });

  it('deleting the campaign deletes its annotations and keeps the organisation-wide ones', async () => {
    const { org, user, campaign } = await ctx.seed();
    const base = {
      organisationId: org.id,
      date: '2025-01-01',
      note: null,
      source: 'note',
      createdBy: user.id,
    } as const;
    const [, wide] = await ctx.store.createAnnotations(
      [
        { ...base, campaignId: campaign.id, title: 'Campaign' },
        { ...base, campaignId: null, title: 'Everyone' },
      ],
      NOW,
    );
    expect(await ctx.store.markCampaignDeleting(org.id, campaign.id, NOW)).toBe(true);
    await ctx.store.finishCampaignDelete(campaign.id);
    expect(await ctx.store.listAnnotations(org.id, { campaignId: campaign.id })).toEqual([wide]);
  });
}
