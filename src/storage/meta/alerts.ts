// MetaStore queries for alert rules and fired alerts (migration 0015-alerts), on SQLite and PostgreSQL alike.
// The tables' Kysely types are declared here and added with withTables, so the shared schema file needs no
// edit. Event values are stored × 100 as whole numbers (positions and visibility % to 0.01 stay exact).
import type { Generated, Kysely, Selectable } from 'kysely';
import { ALERT_RULE_KINDS, type AlertRuleKind } from '@core/alerts';
import type {
  AlertEventRecord,
  AlertRulePatch,
  AlertRuleRecord,
  NewAlertEvent,
  NewAlertRule,
} from '../alert-store';
import { instant } from './rows';
import type { Database } from './schema';

interface AlertRulesTable {
  id: Generated<number>;
  organisation_id: number;
  campaign_id: number;
  name: string;
  kind: string;
  tag: string | null;
  threshold: number;
  competitor: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

interface AlertEventsTable {
  id: Generated<number>;
  organisation_id: number;
  campaign_id: number;
  rule_id: number;
  event_key: string;
  keyword: string | null;
  domain: string | null;
  from_date: string;
  to_date: string;
  previous_value: number | null;
  current_value: number | null;
  url: string | null;
  message: string;
  fired_at: string;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
export type AlertTables = { alert_rules: AlertRulesTable; alert_events: AlertEventsTable };

export const alertTables = (db: Kysely<Database>) => db.withTables<AlertTables>();

const kindOf = (v: string): AlertRuleKind =>
  (ALERT_RULE_KINDS as readonly string[]).includes(v) ? (v as AlertRuleKind) : 'drop';
const toStored = (v: number | null) => (v === null ? null : Math.round(v * 100));
const fromStored = (v: number | null) => (v === null ? null : Number(v) / 100);

function toRule(r: Selectable<AlertRulesTable>): AlertRuleRecord {
  return {
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    campaignId: Number(r.campaign_id),
    name: r.name,
    kind: kindOf(r.kind),
    tag: r.tag,
    threshold: Number(r.threshold),
    competitor: r.competitor,
    createdBy: r.created_by === null ? null : Number(r.created_by),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function toEvent(r: Selectable<AlertEventsTable> & { rule_name: string }): AlertEventRecord {
  return {
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    campaignId: Number(r.campaign_id),
    ruleId: Number(r.rule_id),
    eventKey: r.event_key,
    keyword: r.keyword,
    domain: r.domain,
    previousDate: r.from_date,
    currentDate: r.to_date,
    previousValue: fromStored(r.previous_value),
    currentValue: fromStored(r.current_value),
    url: r.url,
    message: r.message,
    firedAt: r.fired_at,
    ruleName: r.rule_name,
  };
}

export async function createAlertRule(
  db: Kysely<Database>,
  rule: NewAlertRule,
  now: string,
): Promise<AlertRuleRecord> {
  const at = instant(now);
  const row = await alertTables(db)
    .insertInto('alert_rules')
    .values({
      organisation_id: rule.organisationId,
      campaign_id: rule.campaignId,
      name: rule.name,
      kind: rule.kind,
      tag: rule.tag,
      threshold: rule.threshold,
      competitor: rule.competitor,
      created_by: rule.createdBy,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRule(row);
}

export async function listAlertRules(
  db: Kysely<Database>,
  organisationId: number,
  campaignId: number,
): Promise<AlertRuleRecord[]> {
  const rows = await alertTables(db)
    .selectFrom('alert_rules')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('campaign_id', '=', campaignId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toRule);
}

export async function getAlertRule(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<AlertRuleRecord | null> {
  const row = await alertTables(db)
    .selectFrom('alert_rules')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : toRule(row);
}

export async function updateAlertRule(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
  patch: AlertRulePatch,
  now: string,
): Promise<AlertRuleRecord | null> {
  const row = await alertTables(db)
    .updateTable('alert_rules')
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.kind !== undefined && { kind: patch.kind }),
      ...(patch.tag !== undefined && { tag: patch.tag }),
      ...(patch.threshold !== undefined && { threshold: patch.threshold }),
      ...(patch.competitor !== undefined && { competitor: patch.competitor }),
      updated_at: instant(now),
    })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? null : toRule(row);
}

export async function deleteAlertRule(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<boolean> {
  const result = await alertTables(db)
    .deleteFrom('alert_rules')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function recordAlertEvents(
  db: Kysely<Database>,
  events: readonly NewAlertEvent[],
  now: string,
): Promise<AlertEventRecord[]> {
  const at = instant(now);
  const names = new Map<number, string>();
  const out: AlertEventRecord[] = [];
  for (const e of events) {
    // One row at a time: ON CONFLICT DO NOTHING returns nothing for an event stored before.
    const row = await alertTables(db)
      .insertInto('alert_events')
      .values({
        organisation_id: e.organisationId,
        campaign_id: e.campaignId,
        rule_id: e.ruleId,
        event_key: e.eventKey,
        keyword: e.keyword,
        domain: e.domain,
        from_date: e.previousDate,
        to_date: e.currentDate,
        previous_value: toStored(e.previousValue),
        current_value: toStored(e.currentValue),
        url: e.url,
        message: e.message,
        fired_at: at,
      })
      .onConflict((oc) => oc.columns(['rule_id', 'event_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row === undefined) continue;
    if (!names.has(e.ruleId)) {
      const rule = await alertTables(db)
        .selectFrom('alert_rules')
        .select('name')
        .where('id', '=', e.ruleId)
        .executeTakeFirstOrThrow();
      names.set(e.ruleId, rule.name);
    }
    out.push(toEvent({ ...row, rule_name: names.get(e.ruleId)! }));
  }
  return out;
}

export async function listAlertEvents(
  db: Kysely<Database>,
  organisationId: number,
  campaignId: number,
  limit: number,
): Promise<AlertEventRecord[]> {
  const rows = await alertTables(db)
    .selectFrom('alert_events')
    .innerJoin('alert_rules', 'alert_rules.id', 'alert_events.rule_id')
    .selectAll('alert_events')
    .select('alert_rules.name as rule_name')
    .where('alert_events.organisation_id', '=', organisationId)
    .where('alert_events.campaign_id', '=', campaignId)
    .orderBy('alert_events.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toEvent);
}
