// Alert rules of a campaign (issue 29 item 7): list, create, edit, delete, and the alerts they fired. The
// campaign and the rule must belong to the user's organisation (404 otherwise, their existence not
// revealed); a competitor rule must name one of the campaign's tracked competitors (400 naming it).
import type { z } from 'zod';
import type { AlertEventDto, AlertRuleDto, createAlertRuleRequest } from '@contracts/alerts';
import type { Campaign } from '@core/model';
import type { AlertRuleRecord } from '@storage/alert-store';
import type { MetaStore } from '@storage/meta-store';
import { badRequest, notFound } from '../../http/errors';
import type { Actor } from '../campaign-setup/context';

/** Most fired alerts the history lists, newest first. */
export const ALERT_HISTORY_LIMIT = 500;

type RuleRequest = z.output<typeof createAlertRuleRequest>;

function toDto(r: AlertRuleRecord): AlertRuleDto {
  return {
    id: r.id,
    campaignId: r.campaignId,
    name: r.name,
    kind: r.kind,
    tag: r.tag,
    threshold: r.threshold,
    competitor: r.competitor,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export class AlertService {
  constructor(
    private readonly meta: MetaStore,
    private readonly now: () => Date,
  ) {}

  private async campaign(auth: Actor, id: number): Promise<Campaign> {
    const campaign = await this.meta.getCampaign(auth.user.organisationId, id);
    if (campaign === null) throw notFound(`campaign ${id}`);
    return campaign;
  }

  private async rule(auth: Actor, campaignId: number, id: number): Promise<AlertRuleRecord> {
    await this.campaign(auth, campaignId);
    const rule = await this.meta.getAlertRule(auth.user.organisationId, id);
    if (rule === null || rule.campaignId !== campaignId) throw notFound(`alert rule ${id}`);
    return rule;
  }

  private async checkCompetitor(campaign: Campaign, req: RuleRequest): Promise<void> {
    if (req.competitor === null) return;
    const competitors = (await this.meta.listTrackedDomains(campaign.id))
      .filter((d) => !d.isOwn)
      .map((d) => d.value);
    if (!competitors.includes(req.competitor))
      throw badRequest(
        `competitor: ${JSON.stringify(req.competitor)} is not a tracked competitor of campaign ${campaign.id} (${
          competitors.length === 0
            ? 'it tracks none: add competitors in its set-up'
            : `one of ${competitors.join(', ')}`
        })`,
        { field: 'competitor' },
      );
  }

  async list(auth: Actor, campaignId: number): Promise<{ items: AlertRuleDto[] }> {
    await this.campaign(auth, campaignId);
    return { items: (await this.meta.listAlertRules(auth.user.organisationId, campaignId)).map(toDto) };
  }

  async create(auth: Actor, campaignId: number, req: RuleRequest): Promise<AlertRuleDto> {
    const campaign = await this.campaign(auth, campaignId);
    await this.checkCompetitor(campaign, req);
    const rule = await this.meta.createAlertRule(
      { ...req, organisationId: campaign.organisationId, campaignId, createdBy: auth.user.id },
      this.now().toISOString(),
    );
    return toDto(rule);
  }

  async update(auth: Actor, campaignId: number, id: number, req: RuleRequest): Promise<AlertRuleDto> {
    await this.rule(auth, campaignId, id);
    await this.checkCompetitor(await this.campaign(auth, campaignId), req);
    const rule = await this.meta.updateAlertRule(auth.user.organisationId, id, req, this.now().toISOString());
    if (rule === null) throw notFound(`alert rule ${id}`);
    return toDto(rule);
  }

  async remove(auth: Actor, campaignId: number, id: number): Promise<void> {
    await this.rule(auth, campaignId, id);
    await this.meta.deleteAlertRule(auth.user.organisationId, id);
  }

  async events(auth: Actor, campaignId: number): Promise<{ items: AlertEventDto[] }> {
    await this.campaign(auth, campaignId);
    const events = await this.meta.listAlertEvents(auth.user.organisationId, campaignId, ALERT_HISTORY_LIMIT);
    return {
      items: events.map((e) => ({
        id: e.id,
        ruleId: e.ruleId,
        ruleName: e.ruleName,
        keyword: e.keyword,
        domain: e.domain,
        previousDate: e.previousDate,
        currentDate: e.currentDate,
        previousValue: e.previousValue,
        currentValue: e.currentValue,
        url: e.url,
        message: e.message,
        firedAt: e.firedAt,
      })),
    };
  }
}
