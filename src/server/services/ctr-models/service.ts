// CTR models (issue 30 item 5): the built-in ones (the default curve and the published studies) and the
// organisation's own — typed in, or fitted from a site's Search Console rows (split by device and by brand /
// non-brand queries, brand terms kept per site). The store sums clicks and impressions per position bucket;
// src/core/search-console/ctr-fit.ts turns them into observed CTRs and the fitted curve.
import type {
  BrandTermsBody,
  BrandTermsResponse,
  CtrModelDetail,
  CtrModelSummary,
  CtrModelsResponse,
  FitCtrModelRequest,
  customCtrModelRequest,
} from '@contracts/ctr-models';
import type { z } from 'zod';
import { ctrModelFromPoints, type CtrModel } from '@core/metrics/ctr-model';
import { fitCurve } from '@core/search-console/ctr-fit';
import type { GscTextFilter } from '@core/search-console/filters';
import type { GscDimension } from '@core/search-console/tables';
import type { StoredCtrModel } from '@storage/ctr-model-store';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Actor } from '../campaign-setup/context';
import { periodsOf, siteOf, tableFor } from '../search-console/request';
import { BUILT_IN_CTR_MODELS, findCtrModel, namedModel } from './resolve';

/** Longest model name the API takes (src/contracts/ctr-models.ts). */
const NAME_MAX = 200;

/**
 * `wanted`, or when one of `taken` already has that name (case aside) the first free `wanted (2)`,
 * `wanted (3)` …: fitting the same site and period again (after a sync brought new days) is routine, and two
 * models of one name could not be told apart in the campaign's model picker.
 */
function uniqueModelName(wanted: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  if (!used.has(wanted.toLowerCase())) return wanted;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const name = wanted.slice(0, NAME_MAX - suffix.length) + suffix;
    if (!used.has(name.toLowerCase())) return name;
  }
}

/** RE2-safe literal text. */
const literal = (term: string) => term.replace(/[\\.+*?()|[\]{}^$]/gu, (c) => `\\${c}`);

function summaryOf(m: StoredCtrModel): CtrModelSummary {
  return {
    id: String(m.id),
    name: m.name,
    kind: m.kind,
    basis:
      m.kind === 'fitted'
        ? `fitted from ${m.fit!.site}'s Search Console rows (isotonic, weighted by impressions)`
        : 'typed in; positions not given follow the default curve’s shape',
    site: m.fit?.site ?? null,
    device: m.fit?.device ?? null,
    brand: m.fit?.brand ?? null,
    createdAt: m.createdAt,
    values: m.values,
  };
}

export class CtrModelService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly now: () => Date,
  ) {}

  async list(auth: Actor): Promise<CtrModelsResponse> {
    const own = await this.meta.listCtrModels(auth.user.organisationId);
    return { items: [...BUILT_IN_CTR_MODELS, ...own.map(summaryOf)] };
  }

  async get(auth: Actor, id: string): Promise<CtrModelDetail> {
    const found = await findCtrModel(this.meta, auth.user.organisationId, id);
    if (found === null) throw notFound(`CTR model ${id}`);
    if (found.stored === null) return { ...found.builtIn, buckets: null, fit: null };
    const m = found.stored;
    const buckets = m.buckets;
    const last = buckets?.filter((b) => b.impressions >= 30).at(-1)?.bucket ?? null;
    return {
      ...summaryOf(m),
      buckets,
      fit:
        m.fit === null
          ? null
          : {
              startDate: m.fit.startDate,
              endDate: m.fit.endDate,
              brandTerms: m.fit.brandTerms,
              lastReliable: last,
            },
    };
  }

  /** The model for a metric (striking distance …); 404 when the organisation has none of that id. */
  async lookup(auth: Actor, id: string): Promise<CtrModel> {
    const found = await findCtrModel(this.meta, auth.user.organisationId, id);
    if (found === null) throw notFound(`CTR model ${id}`);
    return namedModel(found).model;
  }

  /** Deletes a stored model; refused (409, naming them) while campaigns use it — reassign those first. */
  async remove(auth: Actor, id: string): Promise<void> {
    const found = await findCtrModel(this.meta, auth.user.organisationId, id);
    if (found === null || found.stored === null) throw notFound(`CTR model ${id}`);
    const m = found.stored;
    const users = (await this.meta.listCampaigns(auth.user.organisationId)).filter(
      (c) => c.ctrModel === String(m.id),
    );
    if (users.length > 0) {
      throw conflict(
        `CTR model ${m.id} ("${m.name}") is used by ${users.map((c) => `campaign ${c.id} "${c.name}"`).join(', ')}: ` +
          'choose another model for them (Campaigns → Edit) before deleting it',
      );
    }
    await this.meta.deleteCtrModel(auth.user.organisationId, m.id);
  }

  /** A name for a new model of the organisation no model (its own or built in) has yet. */
  private async freeName(organisationId: number, wanted: string): Promise<string> {
    const own = await this.meta.listCtrModels(organisationId);
    return uniqueModelName(
      wanted,
      [...BUILT_IN_CTR_MODELS, ...own].map((m) => m.name),
    );
  }

  async createCustom(auth: Actor, req: z.output<typeof customCtrModelRequest>): Promise<CtrModelDetail> {
    let values: number[];
    try {
      values = [...ctrModelFromPoints('custom', req.points).values];
    } catch (error) {
      throw badRequest((error as Error).message.replace(/^CTR model custom: /u, ''), { field: 'points' });
    }
    const m = await this.meta.createCtrModel(
      {
        organisationId: auth.user.organisationId,
        name: await this.freeName(auth.user.organisationId, req.name),
        kind: 'custom',
        values,
        fit: null,
        buckets: null,
        createdBy: auth.user.id,
      },
      this.now().toISOString(),
    );
    return this.get(auth, String(m.id));
  }

  /** The site's brand terms; 404 when the organisation has no Search Console rows of the site. */
  async brandTerms(auth: Actor, site: string): Promise<BrandTermsResponse> {
    const s = await siteOf(this.meta, this.rank, auth, site);
    return { site: s.site, terms: await this.meta.getBrandTerms(auth.user.organisationId, s.site) };
  }

  /** Replaces the site's brand terms (lower case, each once, in the order given). */
  async setBrandTerms(auth: Actor, body: BrandTermsBody): Promise<BrandTermsResponse> {
    const s = await siteOf(this.meta, this.rank, auth, body.site);
    const terms = [...new Set(body.terms.map((t) => t.toLowerCase()))];
    await this.meta.setBrandTerms(auth.user.organisationId, s.site, terms);
    return { site: s.site, terms };
  }

  async fit(auth: Actor, req: FitCtrModelRequest): Promise<CtrModelDetail> {
    const org = auth.user.organisationId;
    const site = await siteOf(this.meta, this.rank, auth, req.site);
    // Queries are stored lower case: so are the terms matched against them.
    const given = req.brandTerms && [...new Set(req.brandTerms.map((t) => t.toLowerCase()))];
    if (given !== undefined) await this.meta.setBrandTerms(org, site.site, given);
    const brandTerms = given ?? (await this.meta.getBrandTerms(org, site.site));
    if (req.brand !== undefined && brandTerms.length === 0) {
      throw badRequest(
        `a ${req.brand} fit needs ${site.site}'s brand terms: send brandTerms (e.g. ["duo", "duo security"]) once`,
        { field: 'brandTerms' },
      );
    }
    const needed: GscDimension[] = ['query'];
    if (req.device !== undefined) needed.push('device');
    const t = tableFor(site, 'web', needed);
    const periods = periodsOf(
      {
        ...(req.startDate !== undefined && { startDate: req.startDate }),
        ...(req.endDate !== undefined && { endDate: req.endDate }),
      },
      t,
    );
    const brandFilter: GscTextFilter[] =
      req.brand === undefined
        ? []
        : [
            {
              op: req.brand === 'brand' ? 'regex' : 'notRegex',
              value: `(${brandTerms.map(literal).join('|')})`,
            },
          ];
    const sums = await this.rank.searchConsole.positionBuckets({
      property: site.property,
      searchType: t.searchType,
      period: t.period,
      dimensions: t.dimensions,
      current: periods.current,
      previous: null,
      query: brandFilter,
      ...(req.device !== undefined && { devices: [req.device] }),
    });
    const curve = fitCurve(sums);
    if (curve === null) {
      throw badRequest(
        `too few impressions to fit a curve for ${site.site} with these settings: every position bucket has fewer ` +
          'than 30 impressions; choose a longer period or drop the device or brand split',
      );
    }
    const range =
      periods.current === null
        ? t.period || 'the export'
        : `${periods.current.start} – ${periods.current.end}`;
    const parts = [site.site, req.device ?? 'all devices', req.brand ?? null, range].filter(
      (x) => x !== null,
    );
    const m = await this.meta.createCtrModel(
      {
        organisationId: org,
        name: await this.freeName(org, req.name ?? `Fitted: ${parts.join(', ')}`),
        kind: 'fitted',
        values: curve.values,
        fit: {
          site: site.site,
          startDate: periods.current?.start ?? null,
          endDate: periods.current?.end ?? null,
          device: req.device ?? null,
          brand: req.brand ?? null,
          brandTerms: req.brand === undefined ? [] : brandTerms,
        },
        buckets: curve.observed,
        createdBy: auth.user.id,
      },
      this.now().toISOString(),
    );
    return this.get(auth, String(m.id));
  }
}
