// Report definitions of the organisation (ROLE_REPORTS): list, create for one of its campaigns, read and
// delete. A campaign or report of another organisation is "does not exist" (404).
import {
  isReportSection,
  type CreateReportRequest,
  type Report,
  type ReportsResponse,
} from '@contracts/reports';
import type { MetaStore, ReportDefinition } from '@storage/meta-store';
import type { AuthContext } from '../auth/session';
import { notFound } from '../http/errors';

export class ReportService {
  constructor(
    private readonly meta: MetaStore,
    private readonly now: () => Date,
  ) {}

  async list(auth: AuthContext): Promise<ReportsResponse> {
    const org = auth.user.organisationId;
    const [reports, campaigns] = await Promise.all([
      this.meta.listReports(org),
      this.meta.listCampaigns(org),
    ]);
    const names = new Map(campaigns.map((c) => [c.id, c.name]));
    const items = reports.map((r) => view(r, names.get(r.campaignId) ?? null));
    return { items, total: items.length };
  }

  async create(auth: AuthContext, req: CreateReportRequest): Promise<Report> {
    const org = auth.user.organisationId;
    const campaign = await this.meta.getCampaign(org, req.campaignId);
    if (!campaign) throw notFound(`campaign ${req.campaignId}`);
    const created = await this.meta.createReport(
      {
        organisationId: org,
        name: req.name,
        campaignId: campaign.id,
        sections: req.sections,
        format: req.format,
        createdBy: auth.user.id,
      },
      this.now().toISOString(),
    );
    return view(created, campaign.name);
  }

  async get(auth: AuthContext, id: number): Promise<Report> {
    const org = auth.user.organisationId;
    const found = await this.meta.getReport(org, id);
    if (!found) throw notFound(`report ${id}`);
    const campaign = await this.meta.getCampaign(org, found.campaignId);
    return view(found, campaign?.name ?? null);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    if (!(await this.meta.deleteReport(auth.user.organisationId, id))) throw notFound(`report ${id}`);
  }
}

function view(r: ReportDefinition, campaignName: string | null): Report {
  return {
    id: r.id,
    name: r.name,
    campaignId: r.campaignId,
    campaignName,
    sections: r.sections.filter(isReportSection),
    format: r.format,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
  };
}
