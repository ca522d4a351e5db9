// The alerts part of the MetaStore port (issue 29 item 7): a campaign's alert rules and the alerts they fired
// (the history, each event once per rule: its event key is unique per rule). MetaStore extends this
// interface; both engines implement it in meta/alerts.ts and pass test/storage/meta-store.alerts-cases.ts.
import type { AlertRuleKind } from '@core/alerts';

export interface NewAlertRule {
  organisationId: number;
  campaignId: number;
  name: string;
  kind: AlertRuleKind;
  tag: string | null;
  /** N positions (drop), the top N (enter/leave/competitor) or P % (visibility-drop). */
  threshold: number;
  competitor: string | null;
  /** The user who made it; null once unknown. */
  createdBy: number | null;
}

export interface AlertRuleRecord extends NewAlertRule {
  id: number;
  /** ISO instants. */
  createdAt: string;
  updatedAt: string;
}

/** Fields an edit may change; absent fields keep their value. */
export type AlertRulePatch = Partial<
  Pick<NewAlertRule, 'name' | 'kind' | 'tag' | 'threshold' | 'competitor'>
>;

export interface NewAlertEvent {
  organisationId: number;
  campaignId: number;
  ruleId: number;
  eventKey: string;
  keyword: string | null;
  domain: string | null;
  /** `YYYY-MM-DD` snapshot dates compared. */
  previousDate: string;
  currentDate: string;
  /** Positions (null: not in the top 100) or visibility %. */
  previousValue: number | null;
  currentValue: number | null;
  url: string | null;
  message: string;
}

export interface AlertEventRecord extends NewAlertEvent {
  id: number;
  firedAt: string;
  /** The rule's name now. */
  ruleName: string;
}

export interface AlertMethods {
  createAlertRule(rule: NewAlertRule, now: string): Promise<AlertRuleRecord>;
  /** The campaign's rules, by name then id. */
  listAlertRules(organisationId: number, campaignId: number): Promise<AlertRuleRecord[]>;
  /** Null unless the rule exists in that organisation. */
  getAlertRule(organisationId: number, id: number): Promise<AlertRuleRecord | null>;
  updateAlertRule(
    organisationId: number,
    id: number,
    patch: AlertRulePatch,
    now: string,
  ): Promise<AlertRuleRecord | null>;
  /** False when no such rule exists in that organisation; its fired alerts and their notifications go with it. */
  deleteAlertRule(organisationId: number, id: number): Promise<boolean>;
  /** Stores the events not stored before (same rule and event key) and returns only those, in the order given. */
  recordAlertEvents(events: readonly NewAlertEvent[], now: string): Promise<AlertEventRecord[]>;
  /** The campaign's fired alerts, newest first, at most `limit`. */
  listAlertEvents(organisationId: number, campaignId: number, limit: number): Promise<AlertEventRecord[]>;
}
