// The CTR-model part of the MetaStore port (issue 30 item 5): an organisation's own CTR curves — fitted from a
// site's Search Console rows (with the observed buckets behind them) or typed in — and each site's brand
// terms, which split queries into brand and non-brand for a fit. The default curve and the published studies
// are built in (src/core), not stored. Both engines implement it in meta/ctr-models.ts and pass
// test/storage/meta-store.ctr-models-cases.ts.

export type CtrModelKind = 'fitted' | 'custom';

/** One observed position bucket of a fitted model. */
export interface StoredCtrBucket {
  bucket: number;
  clicks: number;
  impressions: number;
  ctr: number;
  low: number;
  high: number;
}

/** What a fitted model was fitted from. */
export interface CtrFitSettings {
  site: string;
  startDate: string | null;
  endDate: string | null;
  device: string | null;
  brand: 'brand' | 'non-brand' | null;
  brandTerms: string[];
}

export interface NewCtrModel {
  organisationId: number;
  name: string;
  kind: CtrModelKind;
  /** Click probability 0–1 at positions 1…100 (index = position − 1). */
  values: number[];
  /** Fitted models only. */
  fit: CtrFitSettings | null;
  buckets: StoredCtrBucket[] | null;
  createdBy: number | null;
}

export interface StoredCtrModel extends NewCtrModel {
  id: number;
  createdAt: string;
}

export interface CtrModelMethods {
  createCtrModel(model: NewCtrModel, now: string): Promise<StoredCtrModel>;
  /** The organisation's models, newest first. */
  listCtrModels(organisationId: number): Promise<StoredCtrModel[]>;
  getCtrModel(organisationId: number, id: number): Promise<StoredCtrModel | null>;
  deleteCtrModel(organisationId: number, id: number): Promise<boolean>;
  /** The site's brand terms (none: empty). */
  getBrandTerms(organisationId: number, site: string): Promise<string[]>;
  setBrandTerms(organisationId: number, site: string, terms: readonly string[]): Promise<void>;
}
