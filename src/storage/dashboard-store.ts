// The dashboard part of the MetaStore port (issue 31 item 2): dashboards of an organisation, shared with all
// its users (ownerId null) or private to one (ownerId set), each holding its widgets as JSON text that the
// service validates with the dashboards contract; and each user's default dashboard. MetaStore extends this
// interface; both engines implement it in meta/dashboards.ts and pass test/storage/meta-store.dashboards-cases.ts.

export interface NewDashboard {
  organisationId: number;
  /** Null: shared with the organisation; else the one user who sees it. */
  ownerId: number | null;
  name: string;
  /** The widgets (config and layout) as JSON text. */
  widgets: string;
  /** The user who made it; null once unknown. */
  createdBy: number | null;
}

export interface DashboardRecord extends NewDashboard {
  id: number;
  /** ISO instants. */
  createdAt: string;
  updatedAt: string;
}

/** Fields an edit may change; absent fields keep their value. */
export type DashboardPatch = Partial<Pick<NewDashboard, 'name' | 'widgets'>>;

export interface DashboardMethods {
  createDashboard(dashboard: NewDashboard, now: string): Promise<DashboardRecord>;
  /** The organisation's shared dashboards plus the user's private ones, by name then id. */
  listDashboards(organisationId: number, userId: number): Promise<DashboardRecord[]>;
  /** Null unless the dashboard exists in that organisation and is shared or the user's own. */
  getDashboard(organisationId: number, userId: number, id: number): Promise<DashboardRecord | null>;
  /** Null unless the dashboard exists in that organisation (the service checks who may edit it). */
  updateDashboard(
    organisationId: number,
    id: number,
    patch: DashboardPatch,
    now: string,
  ): Promise<DashboardRecord | null>;
  /** False when no such dashboard exists in that organisation; users' defaults on it go with it. */
  deleteDashboard(organisationId: number, id: number): Promise<boolean>;
  /** The user's default dashboard id; null when none is set (or it was deleted). */
  getDefaultDashboard(userId: number): Promise<number | null>;
  /** Makes the dashboard the user's default, replacing any earlier one. */
  setDefaultDashboard(userId: number, dashboardId: number, now: string): Promise<void>;
}
