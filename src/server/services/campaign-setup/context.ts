// What every set-up operation needs: the two stores, the clock, the limits, and the audit writer. The
// owning service (index.ts) builds it once; the operation modules (campaigns, domains, keywords) take it.
import { parseHostFilter } from '@core/host-match';
import type { Campaign, User } from '@core/model';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { SetupLimits } from '../../config';
import { HttpError, notFound } from '../../http/errors';

/**
 * Who makes a change: a request's AuthContext, or the user the CLI acts as. Only the user's organisation,
 * id and email are read (roles are checked by the route or the command).
 */
export interface Actor {
  user: User;
}

export interface SetupContext {
  meta: MetaStore;
  rank: RankStore;
  now: () => Date;
  limits: SetupLimits;
}

/** The campaign of the user's organisation (404 otherwise, its existence not revealed). */
export async function campaignOf(ctx: SetupContext, auth: Actor, id: number): Promise<Campaign> {
  const campaign = await ctx.meta.getCampaign(auth.user.organisationId, id);
  if (!campaign) throw notFound(`campaign ${id}`);
  return campaign;
}

/** 402: a set-up limit is reached; `details.limit` holds it so a client can say how far it may go. */
export function limitReached(what: string, limit: number, message: string): HttpError {
  return new HttpError(402, 'limit_reached', message, { limit, what });
}

/** Records who changed what (shown to administrators under Administration → Audit log). */
export async function audit(
  ctx: SetupContext,
  auth: Actor,
  action: string,
  objectType: string,
  objectId: number | null,
  summary: string,
): Promise<void> {
  await ctx.meta.recordAudit(
    {
      organisationId: auth.user.organisationId,
      userId: auth.user.id,
      userEmail: auth.user.email,
      action,
      objectType,
      objectId,
      summary,
    },
    ctx.now().toISOString(),
  );
}

/**
 * After a change of the campaign's keywords or tracked domains: its first campaign-visibility reads are made
 * as fast as later ones (RankStore.prepareCampaignReads, issue 26). The change itself is already stored, so
 * a failure here is not the user's: reads then answer the same, only the first ones slower.
 */
export async function prepareReads(
  ctx: Pick<SetupContext, 'meta' | 'rank'>,
  campaignId: number,
): Promise<void> {
  const tracked = await ctx.meta.listTrackedDomains(campaignId);
  const domains = new Set(tracked.flatMap((d) => parseHostFilter(d.value)?.domain ?? []));
  await ctx.rank.prepareCampaignReads(campaignId, [...domains]).catch(() => undefined);
}
