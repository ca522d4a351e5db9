// Which RankStore market holds an organisation's market (issue 27): the one place that maps (organisation,
// market code) to a rank key. Every service that reads or writes rankings resolves through here, so a
// request of one organisation never reaches another's keywords, SERPs or rollups. The instance operator is
// the organisation created at first start (the lowest id): its markets keep the bare code as rank key, so
// the public demo, rankings stored before organisations owned markets, `migrate-data` and ClickHouse's
// sharding by market see no change; another organisation's gb-en is `gb-en~o{organisation id}`, a market of
// its own (on ClickHouse a whole market, so a whole organisation's market, lives on one shard).
import { marketFromCode } from '@core/market';
import type { MetaStore, OrganisationMarket } from '@storage/meta-store';
import { notFound } from '../http/errors';

/** The instance operator's organisation id; null before the first start made one. */
export async function operatorOrganisationId(meta: MetaStore): Promise<number | null> {
  const ids = (await meta.listOrganisations()).map((o) => o.id);
  return ids.length === 0 ? null : Math.min(...ids);
}

/** The operator's organisation id; fails when there is none (only before the first start's set-up). */
export async function requireOperator(meta: MetaStore): Promise<number> {
  const id = await operatorOrganisationId(meta);
  if (id === null) throw new Error('no organisation exists yet: run `sightline serve` once to create it');
  return id;
}

/**
 * The Search Console property an organisation's import stores its rows under: the operator's as given,
 * another's with its organisation suffix, so one organisation's rows of a property never replace another's.
 */
export async function rankProperty(
  meta: MetaStore,
  organisationId: number,
  property: string,
): Promise<string> {
  return organisationId === (await operatorOrganisationId(meta))
    ? property
    : `${property}~o${organisationId}`;
}

/** The rank key a market first added to the organisation gets. */
function newRankKey(code: string, organisationId: number, operatorId: number | null): string {
  return organisationId === operatorId ? code : `${code}~o${organisationId}`;
}

/** The organisation's market of that code, added when missing (an import or a campaign names it first). */
export async function ensureMarket(
  meta: MetaStore,
  organisationId: number,
  code: string,
): Promise<OrganisationMarket> {
  const known = await meta.getMarket(organisationId, code);
  if (known !== null) return known;
  const key = newRankKey(code, organisationId, await operatorOrganisationId(meta));
  return meta.upsertMarket(organisationId, marketFromCode(code), key);
}

/** The rank key of the organisation's market; 404 `market {code}` when it has none of that code. */
export async function rankMarket(meta: MetaStore, organisationId: number, code: string): Promise<string> {
  const market = await meta.getMarket(organisationId, code);
  if (market === null) throw notFound(`market ${code}`);
  return market.rankKey;
}

/** The rank key of a campaign's market (its organisation's market of that code, added when missing). */
export async function campaignRankMarket(
  meta: MetaStore,
  campaign: { organisationId: number; market: string },
): Promise<string> {
  return (await ensureMarket(meta, campaign.organisationId, campaign.market)).rankKey;
}

/**
 * The rank keys an import of the organisation writes its market codes to, without adding markets yet: the
 * import adds them (ensureMarket, the same keys) once its rows are committed, so a failed import adds none.
 */
export async function plannedRankMarkets(
  meta: MetaStore,
  organisationId: number,
  codes: readonly string[],
): Promise<Map<string, string>> {
  const operatorId = await operatorOrganisationId(meta);
  const out = new Map<string, string>();
  for (const code of new Set(codes)) {
    const known = await meta.getMarket(organisationId, code);
    out.set(code, known?.rankKey ?? newRankKey(code, organisationId, operatorId));
  }
  return out;
}
