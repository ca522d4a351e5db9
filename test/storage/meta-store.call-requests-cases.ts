// Conformance cases for the demo's call requests (migration 0005-call-requests): stored exactly (hostile
// text included), ids assigned, listed newest first within the limit; run by metaStoreSuite on SQLite and
// PostgreSQL.
import { expect, it } from 'vitest';
import { HOSTILE, LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function callRequestCases(ctx: MetaSuiteContext): void {
  it('stores call requests exactly and lists them newest first within the limit', async () => {
    const email = `${ctx.unique('caller')}@example.com`;
    const older = await ctx.store.createCallRequest(
      { name: HOSTILE[0]!, email, company: 'Acme', preferredTime: 'morning', message: null },
      NOW,
    );
    const newer = await ctx.store.createCallRequest(
      { name: 'Ann', email, company: HOSTILE[1]!, preferredTime: 'any', message: 'Tuesdays' },
      LATER,
    );
    expect(older).toEqual({
      id: expect.any(Number),
      name: HOSTILE[0],
      email,
      company: 'Acme',
      preferredTime: 'morning',
      message: null,
      createdAt: NOW,
    });
    expect(newer.id).toBeGreaterThan(older.id);
    const mine = (await ctx.store.listCallRequests(1000)).filter((r) => r.email === email);
    expect(mine).toEqual([newer, older]);
    const [first] = await ctx.store.listCallRequests(1);
    expect(first!.createdAt >= newer.createdAt).toBe(true);
    expect(await ctx.store.listCallRequests(1)).toHaveLength(1);
  });
}
