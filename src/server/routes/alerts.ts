// Alert rules of a campaign and the alerts they fired (issue 29 item 7) under /api/v1/alerts/{campaign}/.
// ROLE_CV, like the Rank Tracking screen they sit on and every other campaign setting. Thin: the contract
// validates, the role is checked before anything else, one service call answers. A campaign or rule of
// another organisation is 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALERTS_BASE,
  alertEventsResponse,
  alertParams,
  alertRule,
  alertRuleParams,
  alertRulesResponse,
  createAlertRuleRequest,
  updateAlertRuleRequest,
} from '@contracts/alerts';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

const tags = ['alerts'];

export const alertRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_CV'));
  const alerts = ctx.services.alerts;
  const rules = `${ALERTS_BASE}/:campaign/rules`;

  app.get(
    rules,
    {
      schema: {
        tags,
        summary: "The campaign's alert rules, by name",
        params: alertParams,
        response: { 200: alertRulesResponse, ...errors(...guarded, 404) },
      },
    },
    async (request) => alerts.list(currentAuth(request), request.params.campaign),
  );

  app.post(
    rules,
    {
      schema: {
        tags,
        summary: 'Add an alert rule, evaluated after each import or rank check',
        params: alertParams,
        body: createAlertRuleRequest,
        response: { 201: alertRule, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await alerts.create(currentAuth(request), request.params.campaign, request.body)),
  );

  app.put(
    `${rules}/:id`,
    {
      schema: {
        tags,
        summary: 'Edit an alert rule (the whole rule)',
        params: alertRuleParams,
        body: updateAlertRuleRequest,
        response: { 200: alertRule, ...errors(...guarded, 404) },
      },
    },
    async (request) =>
      alerts.update(currentAuth(request), request.params.campaign, request.params.id, request.body),
  );

  app.delete(
    `${rules}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an alert rule with the alerts it fired',
        params: alertRuleParams,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await alerts.remove(currentAuth(request), request.params.campaign, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${ALERTS_BASE}/:campaign/events`,
    {
      schema: {
        tags,
        summary: "The campaign's fired alerts, newest first (at most 500)",
        params: alertParams,
        response: { 200: alertEventsResponse, ...errors(...guarded, 404) },
      },
    },
    async (request) => alerts.events(currentAuth(request), request.params.campaign),
  );
};
