// Evaluates a campaign's alert rules after each import or rank check (issue 29 item 7): called from the same
// after-import hook as the task detectors (app.ts), it compares the two latest snapshots of every campaign
// with rules in the imported markets through the rank-tracking reads, stores the alerts not fired before
// (one per rule and event key, so importing the same days again fires nothing) and tells the organisation's
// ROLE_CV users in the notification list: one notification per rule and evaluation, with its summary.
import { evaluateAlertRules } from '@core/alerts';
import type { Campaign } from '@core/model';
import { hasRole } from '@core/roles';
import type { AlertEventRecord, AlertRuleRecord } from '@storage/alert-store';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import { campaignCtrModel } from '../ctr-models/resolve';
import { campaignRankMarket } from '../market-keys';
import { campaignKeywords, campaignTargets } from '../rank-tracking/request';

/** The notification's title for the alerts one rule fired in one evaluation. */
function summary(rule: AlertRuleRecord, fired: readonly AlertEventRecord[]): string {
  const first = fired[0]!;
  if (fired.length === 1) return first.message;
  return `${rule.name}: ${fired.length} alerts between ${first.previousDate} and ${first.currentDate}`;
}

export class AlertEvaluator {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly now: () => Date,
  ) {}

  /** Evaluates the rules of the organisation's campaigns in the markets an import wrote; returns the new alerts. */
  async afterImport(organisationId: number, marketCodes: readonly string[]): Promise<AlertEventRecord[]> {
    const campaigns = (await this.meta.listCampaigns(organisationId)).filter((c) =>
      marketCodes.includes(c.market),
    );
    const fired: AlertEventRecord[] = [];
    for (const c of campaigns) {
      const rules = await this.meta.listAlertRules(organisationId, c.id);
      if (rules.length > 0) fired.push(...(await this.evaluate(c, rules)));
    }
    return fired;
  }

  /** The rules on the campaign's two latest snapshots; the alerts not fired before, stored and notified. */
  async evaluate(campaign: Campaign, rules: readonly AlertRuleRecord[]): Promise<AlertEventRecord[]> {
    const market = await campaignRankMarket(this.meta, campaign);
    const dates = await this.rank.rankTracking.snapshotDates(market);
    if (dates.length < 2) return [];
    const [previousDate, currentDate] = [dates[dates.length - 2]!, dates[dates.length - 1]!];
    const targets = await campaignTargets(this.meta, campaign);
    if (targets.length === 0) return [];
    const keywords = await campaignKeywords(this.rank, { campaign, market });
    if (keywords.length === 0) return [];
    const hits = await this.rank.rankTracking.hits({
      campaignId: campaign.id,
      market,
      targets,
      from: previousDate,
      to: currentDate,
      keywordIds: null,
      dates: [previousDate, currentDate],
    });
    const alerts = evaluateAlertRules(rules, {
      previousDate,
      currentDate,
      keywords,
      targets: targets.map((t) => ({ key: t.key, own: t.own })),
      hits,
      ctr: (await campaignCtrModel(this.meta, campaign)).model,
    });
    if (alerts.length === 0) return [];
    const now = this.now().toISOString();
    const stored = await this.meta.transaction((tx) =>
      tx.recordAlertEvents(
        alerts.map((a) => ({ ...a, organisationId: campaign.organisationId, campaignId: campaign.id })),
        now,
      ),
    );
    if (stored.length === 0) return [];
    const recipients = (await this.meta.listUsers(campaign.organisationId)).filter(
      (u) => !u.disabled && hasRole(u.roles, 'ROLE_CV'),
    );
    const notifications = rules.flatMap((rule) => {
      const fired = stored.filter((e) => e.ruleId === rule.id);
      if (fired.length === 0) return [];
      const title = summary(rule, fired);
      return recipients.map((u) => ({
        organisationId: campaign.organisationId,
        userId: u.id,
        kind: 'alert' as const,
        taskId: null,
        actorId: null,
        alert: { ruleId: rule.id, title },
      }));
    });
    await this.meta.createNotifications(notifications, now);
    return stored;
  }
}
