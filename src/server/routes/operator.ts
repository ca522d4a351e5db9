// The instance operator's routes (issue 27): /api/v1/operator/organisations lists and creates
// organisations. They need ROLE_ADMIN in the operator's organisation (the one created at first start);
// another organisation's administrator gets 403 `operator_only`.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOrganisationRequest,
  createOrganisationResponse,
  operatorOrganisationsResponse,
} from '@contracts/operator';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

export const OPERATOR_ORGANISATIONS = '/api/v1/operator/organisations';

export const operatorRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_ADMIN'));
  const operator = ctx.services.operator;
  app.addHook('onRequest', async (request) => operator.assertOperator(currentAuth(request)));

  app.get(
    OPERATOR_ORGANISATIONS,
    {
      schema: {
        tags: ['operator'],
        summary: "Every organisation of this Sightline (instance operator's administrators only)",
        response: { 200: operatorOrganisationsResponse, ...errors(...guarded) },
      },
    },
    async () => operator.list(),
  );

  app.post(
    OPERATOR_ORGANISATIONS,
    {
      schema: {
        tags: ['operator'],
        summary:
          'Create an organisation with its first administrator (every role); the one-time password is returned once. ' +
          'Its markets, imports and rank checks are its own: no other organisation reads them',
        body: createOrganisationRequest,
        response: { 201: createOrganisationResponse, ...errors(...guarded, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await operator.create(request.body)),
  );
};
