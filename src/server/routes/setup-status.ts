// The public set-up status of a first start (GET /api/v1/setup-status, no session): how far the background
// generation of the demo workspace has come, polled by the sign-in page (issue 25).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SETUP_STATUS_PATH, setupStatus } from '@contracts/setup-status';
import type { RouteGroupOptions } from '../context';

export const setupStatusRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.get(
    SETUP_STATUS_PATH,
    {
      schema: {
        tags: ['setup'],
        summary:
          'Public: whether the workspace is ready, or how far the first start’s demo generation has come ' +
          '(data routes answer 503 DEMO_GENERATING meanwhile, DEMO_FAILED after a failure)',
        response: { 200: setupStatus },
      },
    },
    async () => ctx.services.demoSetup.status(),
  );
};
