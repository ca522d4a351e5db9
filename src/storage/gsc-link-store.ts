// The Search Console connection part of the MetaStore port (issue 30 item 1): an organisation's connections
// to Google (its own OAuth client with a refresh token, or a service-account key — secrets sealed by the
// service before they reach the store) and the properties linked to its sites, each with the state of its
// latest sync. MetaStore extends this interface; both engines implement it in meta/gsc-links.ts and pass
// test/storage/meta-store.gsc-links-cases.ts.

export type GscConnectionKind = 'oauth' | 'service-account';

export interface NewGscConnection {
  organisationId: number;
  kind: GscConnectionKind;
  /** What the screen shows: the OAuth client id or the service account's e-mail. */
  label: string;
  /** The OAuth client id; null for a service account. */
  clientId: string | null;
  /** The sealed OAuth client secret, or the sealed service-account key JSON. */
  sealedSecret: string;
  /** The sealed refresh token; null until the consent page has been passed (OAuth only). */
  sealedRefreshToken: string | null;
  createdBy: number | null;
}

export interface GscConnection extends NewGscConnection {
  id: number;
  createdAt: string;
}

export type GscSyncStatus = 'idle' | 'running' | 'failed';

export interface NewGscLink {
  organisationId: number;
  connectionId: number;
  /** The Search Console property: `https://www.example.com/` or `sc-domain:example.com`. */
  siteUrl: string;
  /** Search types synced, in the API's names (web, image, video, news, discover). */
  searchTypes: string[];
  createdBy: number | null;
}

export interface GscLink extends NewGscLink {
  id: number;
  /** Last day (YYYY-MM-DD) whose rows are stored for every search type; null before the first sync. */
  syncedThrough: string | null;
  status: GscSyncStatus;
  /** Progress of the running (or last) sync, in days of data × search types. */
  daysDone: number;
  daysTotal: number;
  rowsWritten: number;
  lastError: string | null;
  /** ISO instant the latest sync started; null before the first. */
  lastSyncAt: string | null;
  createdAt: string;
}

/** Fields a sync updates; absent fields keep their value. */
export type GscLinkSyncPatch = Partial<
  Pick<
    GscLink,
    'syncedThrough' | 'status' | 'daysDone' | 'daysTotal' | 'rowsWritten' | 'lastError' | 'lastSyncAt'
  >
>;

export interface GscLinkMethods {
  createGscConnection(connection: NewGscConnection, now: string): Promise<GscConnection>;
  listGscConnections(organisationId: number): Promise<GscConnection[]>;
  /** Null unless the connection exists in that organisation. */
  getGscConnection(organisationId: number, id: number): Promise<GscConnection | null>;
  /** Stores the refresh token won on the consent page; false when no such connection exists. */
  setGscRefreshToken(organisationId: number, id: number, sealedRefreshToken: string): Promise<boolean>;
  /** Deletes the connection and its links (their stored rows stay); false when none existed. */
  deleteGscConnection(organisationId: number, id: number): Promise<boolean>;
  /** Throws DuplicateValueError when the organisation has linked that property already. */
  createGscLink(link: NewGscLink, now: string): Promise<GscLink>;
  /** Every organisation's links when organisationId is null (the scheduler). */
  listGscLinks(organisationId: number | null): Promise<GscLink[]>;
  getGscLink(organisationId: number, id: number): Promise<GscLink | null>;
  updateGscLinkSync(id: number, patch: GscLinkSyncPatch): Promise<void>;
  /** Marks links left running by a process that died as failed with `error`; returns how many. */
  failRunningGscSyncs(error: string): Promise<number>;
  deleteGscLink(organisationId: number, id: number): Promise<boolean>;
}
