// Paths that both the server and the web app build, kept free of zod: the web app's early entry (the requests
// sent while the main bundle compiles) imports them without the contracts' schemas.

/** Web route that opens an invitation: the invite URL is `${origin}${INVITE_PATH}/${token}`. */
export const INVITE_PATH = '/invite';

/** The widgets config of a screen module (contracts/widgets.ts). */
export const WIDGETS_PATH = '/api/v2/widgets';

/** The API path of every campaign-visibility endpoint. */
export const CV_BASE = '/api/v3/campaign-visibility';

/** The API path of the rank-tracking endpoints (issue 29). */
export const RT_BASE = '/api/v1/rank-tracking';

/** The API paths of Page Analysis and Tag Analysis (issue 29 items 4 and 5). */
export const PA_BASE = '/api/v1/page-analysis';
export const TA_BASE = '/api/v1/tag-analysis';
