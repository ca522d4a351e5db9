// The annotation part of the MetaStore port (issue 29 item 6): dated notes shown on every time chart —
// campaign-wide (campaignId set) or organisation-wide (campaignId null), typed by hand ('note') or imported
// from a list of known search-engine updates. MetaStore extends this interface; both engines implement it in
// meta/annotations.ts and pass test/storage/meta-store.annotations-cases.ts.

export type AnnotationSource = 'note' | 'search-engine-update';

export interface NewAnnotation {
  organisationId: number;
  /** Null: the annotation belongs to the whole organisation and shows on every campaign's charts. */
  campaignId: number | null;
  /** The day it marks, YYYY-MM-DD. */
  date: string;
  /** At most 200 characters (the contract checks). */
  title: string;
  /** At most 2,000 characters; null when there is none. */
  note: string | null;
  source: AnnotationSource;
  /** The user who wrote or imported it; null once unknown. */
  createdBy: number | null;
}

export interface Annotation extends NewAnnotation {
  id: number;
  /** ISO instant it was stored. */
  createdAt: string;
}

/** Fields an edit may change; absent fields keep their value. */
export type AnnotationPatch = Partial<Pick<NewAnnotation, 'campaignId' | 'date' | 'title' | 'note'>>;

export interface AnnotationQuery {
  /** The organisation-wide annotations plus this campaign's; null: the organisation-wide ones only. */
  campaignId: number | null;
  /** Inclusive bounds, YYYY-MM-DD; absent: unbounded. */
  from?: string;
  to?: string;
}

export interface AnnotationMethods {
  /**
   * Stores every annotation in one transaction, all or none (a campaign id that does not exist fails the
   * whole list); returns them in the order given.
   */
  createAnnotations(annotations: readonly NewAnnotation[], now: string): Promise<Annotation[]>;
  /** The organisation's annotations matching the query, by date then id. */
  listAnnotations(organisationId: number, query: AnnotationQuery): Promise<Annotation[]>;
  /** Null unless the annotation exists in that organisation. */
  getAnnotation(organisationId: number, id: number): Promise<Annotation | null>;
  /** Null unless the annotation exists in that organisation. */
  updateAnnotation(organisationId: number, id: number, patch: AnnotationPatch): Promise<Annotation | null>;
  /** False when no such annotation exists in that organisation. */
  deleteAnnotation(organisationId: number, id: number): Promise<boolean>;
}
