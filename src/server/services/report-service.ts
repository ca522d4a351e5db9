// Report definitions of the organisation (ROLE_REPORTS): list, create for one of its campaigns, read, edit
// and delete; each is a titled sequence of blocks over the campaign's scope and a period (a report defined
// by sections only reads as the matching widget blocks, last month). Also the organisation's brand template
// for cover pages (read by report holders, saved by administrators), and the spec a generation fixes: the
// resolved period, the campaign, the brand and the blocks. A campaign or report of another organisation is
// "does not exist" (404), as is a widget block's own campaign, project or market of another organisation.
import {
  DEFAULT_REPORT_PERIOD,
  isReportSection,
  reportBlocks,
  reportBrand,
  reportPeriod,
  SECTION_WIDGETS,
  type CreateReportRequest,
  type Report,
  type ReportBlock,
  type ReportBrand,
  type ReportPeriod,
  type ReportSection,
  type ReportsResponse,
} from '@contracts/reports';
import type { ReportSpec } from '@contracts/generated-reports';
import { isoDateInZone } from '@core/date-range';
import { resolveReportPeriod } from '@core/reports/report-period';
import type { MetaStore, ReportDefinition } from '@storage/meta-store';
import type { AuthContext } from '../auth/session';
import { HttpError, notFound } from '../http/errors';
import { dashboardReportBlocks, firstCampaignOf } from './dashboards/dashboard-report';
import { widgetsOf } from './dashboards/dashboard-service';
import { requireWidgetScopes, type SearchConsoleSiteCheck } from './dashboards/widget-scopes';

interface ReportDocument {
  title: string;
  blocks: ReportBlock[];
  period: ReportPeriod;
}

/** The brand of an organisation that has saved none: its name in the app's own colours. */
export function defaultBrand(organisationName: string): ReportBrand {
  return { name: organisationName, primaryColor: '#1c7ed6', accentColor: '#f08c00', logo: null };
}

function blocksFromSections(sections: readonly ReportSection[]): ReportBlock[] {
  return sections.flatMap((s) => {
    const type = SECTION_WIDGETS[s];
    return type === undefined ? [] : [{ kind: 'widget' as const, id: s, type, title: null }];
  });
}

export class ReportService {
  constructor(
    private readonly meta: MetaStore,
    private readonly now: () => Date,
    private readonly hasSearchConsoleSite: SearchConsoleSiteCheck,
  ) {}

  async list(auth: AuthContext): Promise<ReportsResponse> {
    const org = auth.user.organisationId;
    const [reports, campaigns] = await Promise.all([
      this.meta.listReports(org),
      this.meta.listCampaigns(org),
    ]);
    const names = new Map(campaigns.map((c) => [c.id, c.name]));
    const items = await Promise.all(
      reports.map(async (r) => view(r, names.get(r.campaignId) ?? null, await this.document(org, r))),
    );
    return { items, total: items.length };
  }

  async create(auth: AuthContext, req: CreateReportRequest): Promise<Report> {
    const org = auth.user.organisationId;
    const campaign = await this.meta.getCampaign(org, req.campaignId);
    if (!campaign) throw notFound(`campaign ${req.campaignId}`);
    const doc = documentOf(req);
    await requireWidgetScopes(this.meta, this.hasSearchConsoleSite, org, widgetBlocks(doc.blocks));
    const created = await this.meta.transaction(async (tx) => {
      const r = await tx.createReport(
        {
          organisationId: org,
          name: req.name,
          campaignId: campaign.id,
          sections: req.sections ?? [],
          format: req.format,
          createdBy: auth.user.id,
        },
        this.now().toISOString(),
      );
      await tx.setReportDocument(r.id, JSON.stringify(doc), this.now().toISOString());
      return r;
    });
    return view(created, campaign.name, doc);
  }

  /**
   * A report titled after a dashboard the user sees (404 otherwise), its sections the dashboard's widgets in
   * reading order, over the first campaign widget's campaign (else the organisation's first campaign).
   */
  async createFromDashboard(auth: AuthContext, dashboardId: number): Promise<Report> {
    const org = auth.user.organisationId;
    const board = await this.meta.getDashboard(org, auth.user.id, dashboardId);
    if (!board) throw notFound(`dashboard ${dashboardId}`);
    const blocks = dashboardReportBlocks(widgetsOf(board));
    if (blocks.length === 0) {
      throw new HttpError(
        400,
        'dashboard_empty',
        `dashboard ${dashboardId} holds no widgets: add one before making a report of it`,
      );
    }
    const campaignId = firstCampaignOf(blocks) ?? (await this.meta.listCampaigns(org))[0]?.id;
    if (campaignId === undefined) {
      throw new HttpError(400, 'no_campaign', 'a report reads a campaign: set one up first');
    }
    return this.create(auth, {
      name: board.name,
      title: board.name,
      campaignId,
      blocks,
      format: 'html',
      period: DEFAULT_REPORT_PERIOD,
    });
  }

  async update(auth: AuthContext, id: number, req: CreateReportRequest): Promise<Report> {
    const org = auth.user.organisationId;
    const campaign = await this.meta.getCampaign(org, req.campaignId);
    if (!campaign) throw notFound(`campaign ${req.campaignId}`);
    const doc = documentOf(req);
    await requireWidgetScopes(this.meta, this.hasSearchConsoleSite, org, widgetBlocks(doc.blocks));
    const fields = {
      name: req.name,
      campaignId: campaign.id,
      sections: req.sections ?? [],
      document: JSON.stringify(doc),
    };
    if (!(await this.meta.updateReport(org, id, fields, this.now().toISOString())))
      throw notFound(`report ${id}`);
    return this.get(auth, id);
  }

  async get(auth: AuthContext, id: number): Promise<Report> {
    const org = auth.user.organisationId;
    const found = await this.meta.getReport(org, id);
    if (!found) throw notFound(`report ${id}`);
    const campaign = await this.meta.getCampaign(org, found.campaignId);
    return view(found, campaign?.name ?? null, await this.document(org, found));
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    if (!(await this.meta.deleteReport(auth.user.organisationId, id))) throw notFound(`report ${id}`);
  }

  async brand(auth: AuthContext): Promise<ReportBrand> {
    const org = auth.user.organisationId;
    const stored = await this.meta.getOrganisationBrand(org);
    const parsed = stored === null ? null : reportBrand.safeParse(JSON.parse(stored));
    if (parsed?.success) return parsed.data;
    const organisation = await this.meta.getOrganisation(org);
    return defaultBrand(organisation?.name ?? 'Sightline');
  }

  async saveBrand(auth: AuthContext, brand: ReportBrand): Promise<ReportBrand> {
    await this.meta.setOrganisationBrand(
      auth.user.organisationId,
      JSON.stringify(brand),
      this.now().toISOString(),
    );
    return brand;
  }

  /** What a generation of the report shows, its period resolved on today's UTC day. */
  async spec(auth: AuthContext, id: number): Promise<ReportSpec> {
    const org = auth.user.organisationId;
    const report = await this.get(auth, id);
    const campaign = await this.meta.getCampaign(org, report.campaignId);
    if (!campaign) throw notFound(`campaign ${report.campaignId} of report ${id}`);
    const today = isoDateInZone(this.now());
    return {
      reportId: report.id,
      title: report.title,
      brand: await this.brand(auth),
      period: resolveReportPeriod(report.period, today),
      generatedOn: today,
      campaign: {
        id: campaign.id,
        name: campaign.name,
        projectId: campaign.projectId,
        market: campaign.market,
      },
      blocks: report.blocks,
    };
  }

  private async document(org: number, r: ReportDefinition): Promise<ReportDocument> {
    const stored = await this.meta.getReportDocument(org, r.id);
    if (stored !== null) {
      const raw = JSON.parse(stored) as Partial<ReportDocument>;
      const blocks = reportBlocks.safeParse(raw.blocks);
      const period = reportPeriod.safeParse(raw.period);
      return {
        title: typeof raw.title === 'string' && raw.title !== '' ? raw.title : r.name,
        blocks: blocks.success ? blocks.data : [],
        period: period.success ? period.data : DEFAULT_REPORT_PERIOD,
      };
    }
    return {
      title: r.name,
      blocks: blocksFromSections(r.sections.filter(isReportSection)),
      period: DEFAULT_REPORT_PERIOD,
    };
  }
}

function documentOf(req: CreateReportRequest): ReportDocument {
  return {
    title: req.title !== undefined && req.title !== '' ? req.title : req.name,
    blocks:
      req.blocks !== undefined && req.blocks.length > 0 ? req.blocks : blocksFromSections(req.sections ?? []),
    period: req.period,
  };
}

/** The widget blocks of a report, the ones that may name a scope of their own. */
const widgetBlocks = (blocks: readonly ReportBlock[]) =>
  blocks.filter((b): b is Extract<ReportBlock, { kind: 'widget' }> => b.kind === 'widget');

function view(r: ReportDefinition, campaignName: string | null, doc: ReportDocument): Report {
  return {
    id: r.id,
    name: r.name,
    title: doc.title,
    blocks: doc.blocks,
    period: doc.period,
    campaignId: r.campaignId,
    campaignName,
    sections: r.sections.filter(isReportSection),
    format: r.format,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
  };
}
