// While the demo workspace is being generated, or after that failed, every route answers 503 with the set-up
// status as details (DemoSetup.refusal) instead of a half-built workspace, except the open ones below: sign-in
// and the session, the user's own account, account administration, the API documentation, the set-up status
// itself and the public demo's call requests. The web app's files stay open too. Routes are told by their
// pattern, so that what is not listed here — the one-to-one CSV exports outside /api, routes added later —
// is refused (issue 25). The hook must be installed before the routes' plugins are registered.
import type { FastifyInstance } from 'fastify';
import { DEMO_CALL } from '@contracts/demo';
import { SETUP_STATUS_PATH } from '@contracts/setup-status';
import type { DemoSetup } from '../services/demo/demo-setup';
import { DOCS_PATH, OPENAPI_PATH } from './openapi';

/** Route patterns (and every pattern below them) that stay open. */
const OPEN = ['/auth', '/api/v1/me', '/api/v1/admin', DOCS_PATH, OPENAPI_PATH, SETUP_STATUS_PATH, DEMO_CALL];
/** The pattern of the web app's files (@fastify/static, http/web-app.ts); unknown addresses match it too. */
const WEB_APP = '/*';

const under = (route: string, prefix: string) => route === prefix || route.startsWith(`${prefix}/`);

export function installSetupGate(app: FastifyInstance, setup: DemoSetup): void {
  app.addHook('onRequest', async (request) => {
    const refusal = setup.refusal();
    const route = request.routeOptions.url;
    if (refusal === null || route === undefined || route === WEB_APP) return;
    if (!OPEN.some((p) => under(route, p))) throw refusal;
  });
}
