// While the demo workspace is being generated, or after that failed, every data route answers 503 with the
// set-up status as details (DemoSetup.refusal) instead of a half-built workspace. Sign-in, the session and
// the user's own account, account administration, the API documentation, the set-up status itself, the
// public demo's call requests and the web app stay open (issue 25).
import type { FastifyInstance } from 'fastify';
import { DEMO_CALL } from '@contracts/demo';
import { SETUP_STATUS_PATH } from '@contracts/setup-status';
import type { DemoSetup } from '../services/demo/demo-setup';

/** Paths (and everything below them) that stay open. */
const OPEN = [
  '/auth',
  '/api/v1/me',
  '/api/v1/admin',
  '/api/docs',
  '/api/openapi.json',
  SETUP_STATUS_PATH,
  DEMO_CALL,
];
/** Paths (and everything below them) that read or write the workspace. */
const GATED = ['/api', '/demo'];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function installSetupGate(app: FastifyInstance, setup: DemoSetup): void {
  app.addHook('onRequest', async (request) => {
    const refusal = setup.refusal();
    if (refusal === null) return;
    const path = request.url.split('?')[0] ?? '/';
    if (GATED.some((p) => under(path, p)) && !OPEN.some((p) => under(path, p))) throw refusal;
  });
}
