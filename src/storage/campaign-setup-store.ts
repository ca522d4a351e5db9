// The set-up part of the MetaStore port (issue 25): editing and deleting projects, campaigns, tracked
// domains and domain groups, the two-step delete that keeps MetaStore and RankStore consistent, and the
// audit trail of set-up changes. MetaStore extends this interface; both engines implement it in
// meta/campaign-setup.ts and pass test/storage/meta-store.campaign-setup-cases.ts.
import type { Campaign, CheckSchedule, DomainGroup, Project, TrackedDomain } from '@core/model';

export interface CampaignPatch {
  name?: string;
  projectId?: number;
  market?: string;
  ctrModel?: string;
  schedule?: CheckSchedule | null;
}

export interface TrackedDomainPatch {
  value?: string;
  label?: string;
  color?: string;
  isOwn?: boolean;
}

export interface DomainGroupPatch {
  label?: string;
  color?: string;
  /** Replaces the members, in the given order (a repeated member is stored once). */
  members?: string[];
}

/** Deletes stamped but not finished (a process died between the two stores' writes). */
export interface PendingDeletes {
  campaigns: { id: number; organisationId: number; market: string }[];
  projects: { id: number; organisationId: number }[];
}

export interface NewAuditEvent {
  organisationId: number;
  userId: number | null;
  /** Kept as written so the record stays readable after the user is removed. */
  userEmail: string;
  /** `create`, `update`, `delete`, `add-keywords`, `remove-keywords`, `rename` … */
  action: string;
  /** `project`, `campaign`, `domain`, `domain-group`, `keywords`, `tag`, `keyword-group`. */
  objectType: string;
  objectId: number | null;
  /** One line a person reads: what changed, with the values. */
  summary: string;
}

export interface AuditEvent extends NewAuditEvent {
  id: number;
  /** ISO instant of the change. */
  at: string;
}

export interface CampaignSetupMethods {
  /** Null unless the project exists (and is not being deleted) in that organisation. */
  updateProject(organisationId: number, id: number, patch: { name: string }): Promise<Project | null>;
  /** Null unless the campaign exists (and is not being deleted) in that organisation. */
  updateCampaign(organisationId: number, id: number, patch: CampaignPatch): Promise<Campaign | null>;
  /**
   * Stamps the project and all of its campaigns as being deleted (hidden from every read from now on);
   * returns the stamped campaigns, or null when the project does not exist in that organisation.
   */
  markProjectDeleting(organisationId: number, id: number, now: string): Promise<Campaign[] | null>;
  /** Stamps one campaign as being deleted; false when it does not exist in that organisation. */
  markCampaignDeleting(organisationId: number, id: number, now: string): Promise<boolean>;
  /** Removes a stamped campaign's row (its domains, groups, schedules and reports go with it). */
  finishCampaignDelete(id: number): Promise<void>;
  /** Removes a stamped project's row, once its campaigns are gone. */
  finishProjectDelete(id: number): Promise<void>;
  pendingDeletes(): Promise<PendingDeletes>;

  /** Null when the domain is not one of the campaign's; DuplicateValueError when the value is taken. */
  updateTrackedDomain(
    campaignId: number,
    id: number,
    patch: TrackedDomainPatch,
  ): Promise<TrackedDomain | null>;
  deleteTrackedDomain(campaignId: number, id: number): Promise<boolean>;
  /** Null when the group is not one of the campaign's. */
  updateDomainGroup(campaignId: number, id: number, patch: DomainGroupPatch): Promise<DomainGroup | null>;
  deleteDomainGroup(campaignId: number, id: number): Promise<boolean>;

  recordAudit(e: NewAuditEvent, now: string): Promise<AuditEvent>;
  /** The organisation's events, newest first, at most `limit`, skipping `offset`. */
  listAudit(organisationId: number, limit: number, offset: number): Promise<AuditEvent[]>;
}
