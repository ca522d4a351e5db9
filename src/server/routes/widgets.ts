// Widgets config per user (GET/PUT /api/v2/widgets?moduleName=…): any signed-in user reads and saves their
// own config of a screen module. Thin: contracts validate, one service call answers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WIDGETS_PATH } from '@contracts/paths';
import { widgetsConfig, widgetsQuery, widgetsResponse } from '@contracts/widgets';
import { currentAuth, requireSignIn } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';
import { WidgetsService } from '../services/widgets-service';

export const widgetRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);
  const widgets = new WidgetsService(ctx.stores.meta, ctx.now);

  app.get(
    WIDGETS_PATH,
    {
      schema: {
        tags: ['widgets'],
        summary: 'Your widgets config of a screen module, or null when never saved',
        querystring: widgetsQuery,
        response: { 200: widgetsResponse, ...errors(...guarded) },
      },
    },
    async (request) => widgets.get(currentAuth(request), request.query.moduleName),
  );

  app.put(
    WIDGETS_PATH,
    {
      schema: {
        tags: ['widgets'],
        summary: 'Save your widgets config of a screen module: order, visibility, the expanded widget',
        querystring: widgetsQuery,
        body: widgetsConfig,
        response: { 200: widgetsResponse, ...errors(...guarded) },
      },
    },
    async (request) => widgets.save(currentAuth(request), request.query.moduleName, request.body),
  );
};
