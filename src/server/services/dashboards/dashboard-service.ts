// Dashboards (issue 31 item 2): list, create, read, edit (rename, widgets, layout), duplicate, delete and
// the user's default. A shared dashboard is seen by every user of the organisation and changed by its maker
// or an administrator; a private one exists only for its owner — to anyone else, as another organisation's
// do, it answers 404. Widgets are validated with the contract, and each scope must name the organisation's
// own campaign, project or market (404 otherwise, as everywhere).
import type { z } from 'zod';
import {
  dashboardWidget,
  type createDashboardRequest,
  type Dashboard,
  type DashboardSummary,
  type DashboardWidget,
  type duplicateDashboardRequest,
  type updateDashboardRequest,
} from '@contracts/dashboards';
import { hasRole } from '@core/roles';
import type { DashboardRecord } from '@storage/dashboard-store';
import type { MetaStore } from '@storage/meta-store';
import { forbidden, HttpError, notFound } from '../../http/errors';
import type { Actor } from '../campaign-setup/context';
import { requireWidgetScopes, type SearchConsoleSiteCheck } from './widget-scopes';

/** The dashboard made for a user who has none: the workspace overview across the grid. */
export const FIRST_DASHBOARD_NAME = 'My dashboard';
const OVERVIEW_WIDGET: DashboardWidget = {
  id: 'overview',
  type: 'workspace-overview',
  scope: { kind: 'workspace' },
  filters: { domains: [], tags: [] },
  range: { kind: 'relative', span: 'half-year' },
  title: null,
  layout: { x: 0, y: 0, w: 12, h: 12 },
};

/**
 * The stored widgets that still pass the contract: a widget of a type since removed is left out rather
 * than failing the whole dashboard.
 */
export function widgetsOf(record: DashboardRecord): DashboardWidget[] {
  const parsed: unknown = JSON.parse(record.widgets);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((w) => {
    const r = dashboardWidget.safeParse(w);
    return r.success ? [r.data] : [];
  });
}

export class DashboardService {
  constructor(
    private readonly meta: MetaStore,
    private readonly now: () => Date,
    private readonly hasSearchConsoleSite: SearchConsoleSiteCheck,
  ) {}

  async list(auth: Actor): Promise<{ items: DashboardSummary[]; defaultId: number | null }> {
    const records = await this.meta.listDashboards(auth.user.organisationId, auth.user.id);
    const stored = await this.meta.getDefaultDashboard(auth.user.id);
    const defaultId = records.some((r) => r.id === stored) ? stored : null;
    return {
      items: records.map((r) => {
        const { widgets, ...rest } = this.view(auth, r, defaultId);
        return { ...rest, widgetCount: widgets.length };
      }),
      defaultId,
    };
  }

  async get(auth: Actor, id: number): Promise<Dashboard> {
    const record = await this.visible(auth, id);
    return this.view(auth, record, await this.meta.getDefaultDashboard(auth.user.id));
  }

  /**
   * The user's default dashboard; without one, the first they can see; without any, a private one holding
   * the workspace overview, made now and set as their default — the sidebar's 'dashboard' is never empty.
   */
  async getDefault(auth: Actor): Promise<Dashboard> {
    const stored = await this.meta.getDefaultDashboard(auth.user.id);
    const records = await this.meta.listDashboards(auth.user.organisationId, auth.user.id);
    const found = records.find((r) => r.id === stored) ?? records[0];
    if (found !== undefined) return this.view(auth, found, stored);
    const created = await this.meta.transaction(async (tx) => {
      const at = this.now().toISOString();
      const record = await tx.createDashboard(
        {
          organisationId: auth.user.organisationId,
          ownerId: auth.user.id,
          name: FIRST_DASHBOARD_NAME,
          widgets: JSON.stringify([OVERVIEW_WIDGET]),
          createdBy: auth.user.id,
        },
        at,
      );
      await tx.setDefaultDashboard(auth.user.id, record.id, at);
      return record;
    });
    return this.view(auth, created, created.id);
  }

  async create(auth: Actor, req: z.output<typeof createDashboardRequest>): Promise<Dashboard> {
    await this.requireScopes(auth, req.widgets);
    const record = await this.meta.createDashboard(
      {
        organisationId: auth.user.organisationId,
        ownerId: req.visibility === 'shared' ? null : auth.user.id,
        name: req.name,
        widgets: JSON.stringify(req.widgets),
        createdBy: auth.user.id,
      },
      this.now().toISOString(),
    );
    return this.view(auth, record, await this.meta.getDefaultDashboard(auth.user.id));
  }

  async update(auth: Actor, id: number, patch: z.output<typeof updateDashboardRequest>): Promise<Dashboard> {
    const record = await this.editable(auth, id);
    let widgets: DashboardWidget[] | undefined = patch.widgets;
    if (widgets !== undefined) await this.requireScopes(auth, widgets);
    if (patch.layout !== undefined) {
      const current = widgetsOf(record);
      const known = new Set(current.map((w) => w.id));
      const unknown = patch.layout.filter((l) => !known.has(l.id)).map((l) => l.id);
      if (unknown.length > 0) {
        throw new HttpError(
          400,
          'unknown_widget',
          `layout names widgets that are not on dashboard ${id}: ${unknown.join(', ')}; reload the dashboard and try again`,
          { field: 'layout', unknown },
        );
      }
      const cells = new Map(patch.layout.map(({ id: w, ...cell }) => [w, cell]));
      widgets = current.map((w) => ({ ...w, layout: cells.get(w.id) ?? w.layout }));
    }
    const updated = await this.meta.updateDashboard(
      auth.user.organisationId,
      id,
      {
        ...(patch.name !== undefined && { name: patch.name }),
        ...(widgets !== undefined && { widgets: JSON.stringify(widgets) }),
      },
      this.now().toISOString(),
    );
    if (!updated) throw notFound(`dashboard ${id}`);
    return this.view(auth, updated, await this.meta.getDefaultDashboard(auth.user.id));
  }

  async duplicate(
    auth: Actor,
    id: number,
    req: z.output<typeof duplicateDashboardRequest>,
  ): Promise<Dashboard> {
    const source = await this.visible(auth, id);
    const record = await this.meta.createDashboard(
      {
        organisationId: auth.user.organisationId,
        ownerId: req.visibility === 'shared' ? null : auth.user.id,
        name: req.name ?? `${source.name} (copy)`.slice(0, 120),
        widgets: JSON.stringify(widgetsOf(source)),
        createdBy: auth.user.id,
      },
      this.now().toISOString(),
    );
    return this.view(auth, record, await this.meta.getDefaultDashboard(auth.user.id));
  }

  async remove(auth: Actor, id: number): Promise<void> {
    await this.editable(auth, id);
    if (!(await this.meta.deleteDashboard(auth.user.organisationId, id))) throw notFound(`dashboard ${id}`);
  }

  async setDefault(auth: Actor, id: number): Promise<Dashboard> {
    const record = await this.visible(auth, id);
    await this.meta.setDefaultDashboard(auth.user.id, id, this.now().toISOString());
    return this.view(auth, record, id);
  }

  /** 404 unless the dashboard is shared in the user's organisation or their own. */
  private async visible(auth: Actor, id: number): Promise<DashboardRecord> {
    const record = await this.meta.getDashboard(auth.user.organisationId, auth.user.id, id);
    if (!record) throw notFound(`dashboard ${id}`);
    return record;
  }

  /** As visible, then 403 unless the user may change it: their own, one they made, or any as an admin. */
  private async editable(auth: Actor, id: number): Promise<DashboardRecord> {
    const record = await this.visible(auth, id);
    if (!this.canEdit(auth, record)) {
      throw forbidden(
        'dashboard_read_only',
        `dashboard ${id} is shared by another user: only they or an administrator may change it; duplicate it to make your own`,
      );
    }
    return record;
  }

  private canEdit(auth: Actor, r: DashboardRecord): boolean {
    return (
      r.ownerId === auth.user.id || r.createdBy === auth.user.id || hasRole(auth.user.roles, 'ROLE_ADMIN')
    );
  }

  /** 404 unless every widget's campaign, project and market (one of its campaigns') is the organisation's. */
  private requireScopes(auth: Actor, widgets: readonly DashboardWidget[]): Promise<void> {
    return requireWidgetScopes(this.meta, this.hasSearchConsoleSite, auth.user.organisationId, widgets);
  }

  private view(auth: Actor, r: DashboardRecord, defaultId: number | null): Dashboard {
    return {
      id: r.id,
      name: r.name,
      visibility: r.ownerId === null ? 'shared' : 'private',
      ownerId: r.ownerId,
      createdBy: r.createdBy,
      isDefault: r.id === defaultId,
      editable: this.canEdit(auth, r),
      widgets: widgetsOf(r),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  }
}
