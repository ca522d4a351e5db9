// The share-link part of the MetaStore port (issue 6 item 3): read-only links to one one-to-one comparison
// (two hosts in one market) that an organisation hands to people without an account. A row records who made
// the link, what it opens and until when; revoking stamps it. The token itself is never stored: it is signed
// by the server (services/one-to-one/share-token.ts) over the row's id and expiry. MetaStore extends this
// interface; both engines implement it in meta/share-links.ts and pass test/storage/meta-store.share-links-cases.ts.

export interface NewShareLink {
  organisationId: number;
  createdBy: number;
  /** The two hosts compared, as typed (registrable domain, host or host with path): A then B. */
  hostA: string;
  hostB: string;
  market: string;
  /** ISO instant after which the link opens nothing. */
  expiresAt: string;
}

export interface ShareLink extends NewShareLink {
  id: number;
  /** ISO instant the link was made. */
  createdAt: string;
  /** ISO instant it was revoked; null while it is not. */
  revokedAt: string | null;
}

export interface ShareLinkMethods {
  createShareLink(link: NewShareLink, now: string): Promise<ShareLink>;
  /** The link with that id, whatever organisation it belongs to (the signed token names only the id). */
  getShareLink(id: number): Promise<ShareLink | null>;
  /** The organisation's links, newest first, at most `limit`. */
  listShareLinks(organisationId: number, limit: number): Promise<ShareLink[]>;
  /**
   * Stamps the organisation's link revoked at `now` (a second revoke keeps the first time); false when the
   * organisation has no link with that id.
   */
  revokeShareLink(organisationId: number, id: number, now: string): Promise<boolean>;
}
