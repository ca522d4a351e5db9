// Read-only share links of a dashboard (issue 31 item 2), with the one-to-one comparison's token: signed
// (HMAC-SHA256 under an HKDF key of the server's secret key, a key of their own), expiring (1–90 days) and
// revocable, checked against the stored link on every use. Whoever may change a dashboard makes, lists and
// revokes its links; anyone who can see it lists them. A link opens the dashboard's name and widgets, and
// its widgets' reads: each is answered by the app's own GET route, as the link's maker with a read-only
// render token, but only for an address the dashboard's widgets read (shared-reads.ts) — another dashboard,
// campaign, market or organisation stays out of reach, and the link dies with the dashboard.
import {
  sharedDashboardPath,
  type CreateDashboardShareLinkBody,
  type DashboardShareLink as LinkBody,
  type SharedDashboard,
} from '@contracts/dashboard-share-links';
import { errorBody } from '@contracts/common';
import type { DashboardWidget } from '@contracts/dashboards';
import type { DashboardShareLink } from '@storage/dashboard-share-link-store';
import type { MetaStore } from '@storage/meta-store';
import { publicLink } from '../../config';
import { forbidden, HttpError, notFound } from '../../http/errors';
import type { Actor } from '../campaign-setup/context';
import { linkExpiry, linkStatus, liveShareLink } from '../one-to-one/share-links';
import type { ShareTokenSigner } from '../one-to-one/share-token';
import type { DashboardService } from './dashboard-service';
import { widgetsOf } from './dashboard-service';
import { sharedReads } from './shared-reads';

/** Links listed per dashboard. */
const LIST_LIMIT = 200;

/** The HKDF info of dashboard links' MAC key (the comparison's links use their own). */
export const DASHBOARD_SHARE_PURPOSE = 'sightline dashboard share link v1';

/** One GET through the app as a user (read-only): its status and JSON body. */
export type ReadAs = (userId: number, address: string) => Promise<{ status: number; body: unknown }>;

export class DashboardShareLinks {
  constructor(
    private readonly meta: MetaStore,
    private readonly dashboards: DashboardService,
    private readonly signer: ShareTokenSigner,
    private readonly now: () => Date,
    /** PUBLIC_URL, that a link's address is built on (null: the path). */
    private readonly publicUrl: string | null,
    private readonly readAs: ReadAs,
  ) {}

  private body(link: DashboardShareLink, makers: ReadonlyMap<number, string>): LinkBody {
    const token = this.signer.sign({
      linkId: link.id,
      expiresAt: Math.floor(Date.parse(link.expiresAt) / 1000),
    });
    const path = sharedDashboardPath(token);
    return {
      id: link.id,
      dashboardId: link.dashboardId,
      createdAt: link.createdAt,
      createdBy: makers.get(link.createdBy) ?? 'a former user',
      expiresAt: link.expiresAt,
      revokedAt: link.revokedAt,
      status: linkStatus(link, this.now().toISOString()),
      path,
      url: publicLink(this.publicUrl, path),
      token,
    };
  }

  /** 404 unless the user sees the dashboard; 403 unless they may change it. */
  private async editable(auth: Actor, dashboardId: number): Promise<void> {
    const d = await this.dashboards.get(auth, dashboardId);
    if (!d.editable) {
      throw forbidden(
        'dashboard_read_only',
        `dashboard ${dashboardId} is shared by another user: only they or an administrator may share or revoke its links`,
      );
    }
  }

  async create(auth: Actor, dashboardId: number, b: CreateDashboardShareLinkBody): Promise<LinkBody> {
    await this.editable(auth, dashboardId);
    const now = this.now();
    const link = await this.meta.createDashboardShareLink(
      {
        organisationId: auth.user.organisationId,
        dashboardId,
        createdBy: auth.user.id,
        expiresAt: linkExpiry(now, b.days),
      },
      now.toISOString(),
    );
    return this.body(link, new Map([[auth.user.id, auth.user.name]]));
  }

  async list(auth: Actor, dashboardId: number): Promise<{ items: LinkBody[] }> {
    await this.dashboards.get(auth, dashboardId);
    const org = auth.user.organisationId;
    const [links, users] = await Promise.all([
      this.meta.listDashboardShareLinks(org, dashboardId, LIST_LIMIT),
      this.meta.listUsers(org),
    ]);
    const makers = new Map(users.map((u) => [u.id, u.name]));
    return { items: links.map((l) => this.body(l, makers)) };
  }

  async revoke(auth: Actor, dashboardId: number, id: number): Promise<void> {
    await this.editable(auth, dashboardId);
    const at = this.now().toISOString();
    if (!(await this.meta.revokeDashboardShareLink(auth.user.organisationId, dashboardId, id, at))) {
      throw notFound(`share link ${id} of dashboard ${dashboardId}`);
    }
  }

  /** The link's dashboard as its maker sees it; 401/410 for a bad, revoked or expired token. */
  private async opened(
    token: string,
  ): Promise<{ link: DashboardShareLink; widgets: DashboardWidget[]; name: string }> {
    const link = await liveShareLink(this.signer, token, this.now(), (id) =>
      this.meta.getDashboardShareLink(id),
    );
    const record = await this.meta.getDashboard(link.organisationId, link.createdBy, link.dashboardId);
    // Deleting the dashboard deletes its links; a private one its maker no longer sees opens nothing either.
    if (record === null) throw notFound(`the dashboard of this share link`);
    return { link, widgets: widgetsOf(record), name: record.name };
  }

  async open(token: string): Promise<SharedDashboard> {
    const { link, widgets, name } = await this.opened(token);
    const org = link.organisationId;
    const [organisation, campaigns, projects] = await Promise.all([
      this.meta.getOrganisation(org),
      this.meta.listCampaigns(org),
      this.meta.listProjects(org),
    ]);
    const campaign = new Map(campaigns.map((c) => [c.id, `${c.name} · ${c.market}`]));
    const project = new Map(projects.map((p) => [p.id, p.name]));
    const label = (w: DashboardWidget): string => {
      const s = w.scope;
      if (s.kind === 'campaign') return campaign.get(s.campaignId) ?? `Campaign ${s.campaignId}`;
      if (s.kind === 'project') return `Project ${project.get(s.projectId) ?? s.projectId}`;
      if (s.kind === 'market') return s.market;
      if (s.kind === 'host') return `${s.host} · ${s.market}`;
      if (s.kind === 'search-console') return `Search Console ${s.site}`;
      return 'Workspace';
    };
    return {
      name,
      widgets,
      scopeLabels: Object.fromEntries(widgets.map((w) => [w.id, label(w)])),
      shared: { organisation: organisation?.name ?? 'an organisation', expiresAt: link.expiresAt },
    };
  }

  /**
   * One read of a widget of the link's dashboard: the app's own answer to `address` (GET), read as the link's
   * maker with read-only rights; 403 `share_link_scope` for an address none of the dashboard's widgets reads.
   */
  async read(token: string, address: string): Promise<unknown> {
    const { link, widgets, name } = await this.opened(token);
    if (!sharedReads(widgets)(address)) {
      throw forbidden(
        'share_link_scope',
        `This share link reads only the widgets of the dashboard "${name}", and ${address.split('?')[0]} is not one of their reads`,
      );
    }
    const { status, body } = await this.readAs(link.createdBy, address);
    if (status === 200) return body;
    // The route's own refusal (a campaign since deleted, a role the maker lost), passed on as it said it.
    const said = errorBody.safeParse(body);
    throw said.success
      ? new HttpError(status, said.data.error.code, said.data.error.message, said.data.error.details)
      : new HttpError(502, 'shared_read_failed', `reading ${address.split('?')[0]} answered ${status}`);
  }
}
