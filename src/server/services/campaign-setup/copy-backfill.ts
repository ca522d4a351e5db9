// Builds the rank-tracking copies a store upgraded from before them lacks (issue 29): at server start, in the
// background, every campaign's tracked registrable domains are declared to the RankStore
// (prepareCampaignReads), which builds the campaign's copies when its declared set differs — a campaign
// stored before the copy table declared none. Until then reads answer from the raw results (the same rows,
// slower); reads never write. A store that already holds every declaration costs one comparison per campaign.
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import { prepareReads } from './context';

export class CopyBackfill {
  private running: Promise<number> | null = null;
  private stopping = false;

  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Starts the one pass; never awaited by the caller (the server answers meanwhile). */
  start(): void {
    this.running ??= this.run().catch((err: unknown) => {
      this.onError(err);
      return 0;
    });
  }

  /** The campaigns the pass declared, once it ends (0 when it was not started). */
  done(): Promise<number> {
    return this.running ?? Promise.resolve(0);
  }

  /** Ends the pass after the campaign in hand, before the stores close. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.done();
  }

  private async run(): Promise<number> {
    let declared = 0;
    for (const org of await this.meta.listOrganisations()) {
      for (const campaign of await this.meta.listCampaigns(org.id)) {
        if (this.stopping) return declared;
        // A campaign's failure is not the others': its reads stay on the raw results, which answer the same.
        await prepareReads({ meta: this.meta, rank: this.rank }, campaign.id);
        declared++;
      }
    }
    return declared;
  }
}
