// The dashboard share-link part of the MetaStore port (issue 31 item 2): read-only links to one dashboard
// that an organisation hands to people without an account, as one-to-one share links do for a comparison
// (share-link-store.ts). A row records who made the link, which dashboard it opens and until when; revoking
// stamps it; deleting the dashboard deletes its links. The token is never stored: the server signs it over
// the row's id and expiry. Both engines implement it in meta/dashboard-share-links.ts and pass
// test/storage/meta-store.dashboard-share-links-cases.ts.

export interface NewDashboardShareLink {
  organisationId: number;
  dashboardId: number;
  createdBy: number;
  /** ISO instant after which the link opens nothing. */
  expiresAt: string;
}

export interface DashboardShareLink extends NewDashboardShareLink {
  id: number;
  /** ISO instant the link was made. */
  createdAt: string;
  /** ISO instant it was revoked; null while it is not. */
  revokedAt: string | null;
}

export interface DashboardShareLinkMethods {
  createDashboardShareLink(link: NewDashboardShareLink, now: string): Promise<DashboardShareLink>;
  /** The link with that id, whatever organisation it belongs to (the signed token names only the id). */
  getDashboardShareLink(id: number): Promise<DashboardShareLink | null>;
  /** The dashboard's links (of that organisation), newest first, at most `limit`. */
  listDashboardShareLinks(
    organisationId: number,
    dashboardId: number,
    limit: number,
  ): Promise<DashboardShareLink[]>;
  /**
   * Stamps the link of that organisation and dashboard revoked at `now` (a second revoke keeps the first
   * time); false when there is no such link.
   */
  revokeDashboardShareLink(
    organisationId: number,
    dashboardId: number,
    id: number,
    now: string,
  ): Promise<boolean>;
}
