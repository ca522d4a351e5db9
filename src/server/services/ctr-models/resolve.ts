// The one lookup of a CTR model by id (issue 30 item 5): the built-in curves (the default of DESIGN §3 and the
// published studies) and an organisation's stored ones. Every campaign-scoped metric takes its curve from
// campaignCtrModel, so a campaign's assigned model reaches the fifteen campaign-visibility endpoints, project
// visibility, page and tag analysis, exports, alerts and competitor suggestions alike.
import type { CtrModelSummary } from '@contracts/ctr-models';
import { ctrModelFromPoints, DEFAULT_CTR_MODEL, type CtrModel } from '@core/metrics/ctr-model';
import type { Campaign } from '@core/model';
import { CTR_STUDIES, studyCurve } from '@core/search-console/ctr-studies';
import type { StoredCtrModel } from '@storage/ctr-model-store';
import type { MetaStore } from '@storage/meta-store';

const none = { site: null, device: null, brand: null, createdAt: null } as const;

export const DEFAULT_MODEL_NAME = 'Default curve';

/** The curves every organisation has: the default and one per published study. */
export const BUILT_IN_CTR_MODELS: readonly CtrModelSummary[] = [
  {
    id: 'default',
    name: DEFAULT_MODEL_NAME,
    kind: 'default',
    basis: 'DESIGN §3: click probability per position',
    ...none,
    values: [...DEFAULT_CTR_MODEL.values],
  },
  ...CTR_STUDIES.map((s): CtrModelSummary => {
    const curve = studyCurve(s);
    return {
      id: s.id,
      name: `${s.study}, ${s.year}${s.device === 'all' ? '' : `, ${s.device}`}`,
      kind: 'study',
      basis: `${curve.basis}; positions ${s.points.map(([p]) => p).join(', ')} published, others follow the default curve's shape`,
      ...none,
      device: s.device === 'all' ? null : s.device,
      values: [...ctrModelFromPoints(s.id, curve.points).values],
    };
  }),
];

/** A model a metric can use, with the name the screens show. */
export interface NamedCtrModel {
  model: CtrModel;
  name: string;
}

/** A found model: built in (stored null) or the organisation's own. */
export type FoundCtrModel =
  { builtIn: CtrModelSummary; stored: null } | { builtIn: null; stored: StoredCtrModel };

/** The model of that id visible to the organisation, or null (a stored model's id is its number). */
export async function findCtrModel(
  meta: MetaStore,
  organisationId: number,
  id: string,
): Promise<FoundCtrModel | null> {
  const builtIn = BUILT_IN_CTR_MODELS.find((m) => m.id === id);
  if (builtIn !== undefined) return { builtIn, stored: null };
  const n = /^[1-9]\d{0,9}$/u.test(id) ? Number(id) : null;
  const stored = n === null ? null : await meta.getCtrModel(organisationId, n);
  return stored === null ? null : { builtIn: null, stored };
}

/** The model and name of a found model; the default keeps DEFAULT_CTR_MODEL itself (the stores' fast path). */
export function namedModel(found: FoundCtrModel): NamedCtrModel {
  if (found.stored !== null) {
    return { model: { id: String(found.stored.id), values: found.stored.values }, name: found.stored.name };
  }
  const b = found.builtIn;
  return { model: b.id === 'default' ? DEFAULT_CTR_MODEL : { id: b.id, values: b.values }, name: b.name };
}

/**
 * The curve of a campaign's metrics. Deleting a model a campaign uses is refused, so a campaign always names an
 * existing model; one that does not (a row edited by hand) falls back to the default curve.
 */
export async function campaignCtrModel(meta: MetaStore, campaign: Campaign): Promise<NamedCtrModel> {
  const found = await findCtrModel(meta, campaign.organisationId, campaign.ctrModel);
  return found === null ? { model: DEFAULT_CTR_MODEL, name: DEFAULT_MODEL_NAME } : namedModel(found);
}
