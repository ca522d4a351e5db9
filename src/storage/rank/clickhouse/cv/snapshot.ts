// Snapshots of the ClickHouse campaign-visibility reads (CampaignVisibilityReads.snapshot). ClickHouse keeps
// no snapshot across queries, so this one guards instead: it starts once no write of the workspace runs in
// this process (every write runs there, context.ts), and a read through it fails once a write has started
// since, as its answer, or an earlier one, might show the state after that write. The caller reads again.
import type { CampaignVisibilityReads, CvSnapshot } from '../../../campaign-visibility-reads';
import type { ChContext } from '../context';

/** A read through a snapshot that a write overtook: answered 503, read again. */
export class ChSnapshotError extends Error {
  readonly statusCode = 503;

  constructor() {
    super(
      'The stored data changed while this answer was being read in parts (an import or a rank check wrote ' +
        'to the workspace); try again.',
    );
    this.name = 'ChSnapshotError';
  }
}

type AnyRead = (...args: unknown[]) => Promise<unknown>;

export async function guardedSnapshot(ctx: ChContext, reads: CampaignVisibilityReads): Promise<CvSnapshot> {
  const at = await ctx.quiet();
  const guarded: Record<string, AnyRead> = {};
  for (const [name, read] of Object.entries(reads) as [string, AnyRead][]) {
    guarded[name] = async (...args) => {
      const answer = await read(...args);
      if (ctx.writesStarted() !== at) throw new ChSnapshotError();
      return answer;
    };
  }
  return { reads: guarded as unknown as CampaignVisibilityReads, close: async () => undefined };
}
