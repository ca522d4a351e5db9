// Conformance cases for CTR models and brand terms (migration 0013-ctr-models): stored exactly (values,
// buckets and fit settings round-trip, hostile names included), listed newest first per organisation, read
// and deleted only within their organisation, brand terms replaced per site; run by metaStoreSuite on SQLite
// and PostgreSQL.
import { expect, it } from 'vitest';
import type { NewCtrModel } from '@storage/ctr-model-store';
import { HOSTILE, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function ctrModelCases(ctx: MetaSuiteContext): void {
  it('stores CTR models exactly, newest first, within their organisation', async () => {
    const { org, user } = await ctx.seed();
    const other = await ctx.store.createOrganisation('Other', NOW);
    const values = Array.from({ length: 100 }, (_, i) => 0.3 / (i + 1) + 1e-17 * i);
    const fitted: NewCtrModel = {
      organisationId: org.id,
      name: HOSTILE[0]!,
      kind: 'fitted',
      values,
      fit: {
        site: 'flashcomindonesia.com',
        startDate: '2024-03-30',
        endDate: null,
        device: 'mobile',
        brand: 'non-brand',
        brandTerms: [HOSTILE[1]!, 'flashcom'],
      },
      buckets: [{ bucket: 1, clicks: 3, impressions: 10, ctr: 0.3, low: 0.107, high: 0.603 }],
      createdBy: user.id,
    };
    const a = await ctx.store.createCtrModel(fitted, NOW);
    expect(a).toEqual({ ...fitted, id: expect.any(Number), createdAt: NOW });
    const b = await ctx.store.createCtrModel(
      { ...fitted, name: 'Typed', kind: 'custom', fit: null, buckets: null },
      NOW,
    );
    expect(await ctx.store.listCtrModels(org.id)).toEqual([b, a]);
    expect(await ctx.store.getCtrModel(org.id, a.id)).toEqual(a);
    expect(await ctx.store.getCtrModel(other.id, a.id)).toBeNull();
    expect(await ctx.store.listCtrModels(other.id)).toEqual([]);
    expect(await ctx.store.deleteCtrModel(other.id, a.id)).toBe(false);
    expect(await ctx.store.deleteCtrModel(org.id, a.id)).toBe(true);
    expect(await ctx.store.listCtrModels(org.id)).toEqual([b]);
  });

  it('keeps brand terms per organisation and site, replaced whole', async () => {
    const { org } = await ctx.seed();
    const other = await ctx.store.createOrganisation('Other', NOW);
    expect(await ctx.store.getBrandTerms(org.id, 'duo.com')).toEqual([]);
    await ctx.store.setBrandTerms(org.id, 'duo.com', ['duo', HOSTILE[2]!]);
    await ctx.store.setBrandTerms(other.id, 'duo.com', ['x']);
    expect(await ctx.store.getBrandTerms(org.id, 'duo.com')).toEqual(['duo', HOSTILE[2]]);
    await ctx.store.setBrandTerms(org.id, 'duo.com', ['duo security']);
    expect(await ctx.store.getBrandTerms(org.id, 'duo.com')).toEqual(['duo security']);
    expect(await ctx.store.getBrandTerms(other.id, 'duo.com')).toEqual(['x']);
  });
}
