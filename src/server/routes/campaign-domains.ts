// Set-up of a campaign's tracked domains, domain groups, tags and keyword groups, competitor suggestions,
// and the audit trail of set-up changes (issue 25). Edits need ROLE_CV, the audit trail ROLE_ADMIN.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addDomainRequest,
  auditQuery,
  auditResponse,
  competitorSuggestionsResponse,
  domainGroupRequest,
  labelChangeResponse,
  labelText,
  renameLabelRequest,
  updateDomainGroupRequest,
  updateDomainRequest,
} from '@contracts/campaign-setup';
import { idParam } from '@contracts/common';
import { domainGroup, trackedDomain } from '@contracts/workspace';
import { currentAuth, requireRole, requireSignIn } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

const byId = z.object({ id: idParam });
const byDomain = z.object({ id: idParam, domainId: idParam });
const byGroup = z.object({ id: idParam, groupId: idParam });
const byLabel = z.object({ id: idParam, name: labelText });
const cv = { onRequest: requireRole('ROLE_CV') };
const tags = ['campaign set-up'];

export const campaignDomainRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);
  const setup = ctx.services.setup;

  app.post(
    '/api/v1/campaigns/:id/domains',
    {
      ...cv,
      schema: {
        tags,
        summary: 'Track a domain, host or host with a path (your own with own: true, else a competitor)',
        params: byId,
        body: addDomainRequest,
        response: { 201: trackedDomain, ...errors(...guarded, 402, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await setup.addDomain(currentAuth(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/v1/campaigns/:id/domains/:domainId',
    {
      ...cv,
      schema: {
        tags,
        summary: "Change a tracked domain's value, label, colour or whether it is your own",
        params: byDomain,
        body: updateDomainRequest,
        response: { 200: trackedDomain, ...errors(...guarded, 404, 409) },
      },
    },
    async (request) =>
      setup.updateDomain(currentAuth(request), request.params.id, request.params.domainId, request.body),
  );

  app.delete(
    '/api/v1/campaigns/:id/domains/:domainId',
    {
      ...cv,
      schema: {
        tags,
        summary: 'Stop tracking a domain',
        params: byDomain,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await setup.deleteDomain(currentAuth(request), request.params.id, request.params.domainId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/v1/campaigns/:id/domain-groups',
    {
      ...cv,
      schema: {
        tags,
        summary: 'Create a domain group: its members count as one (a result counts once)',
        params: byId,
        body: domainGroupRequest,
        response: { 201: domainGroup, ...errors(...guarded, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await setup.createGroup(currentAuth(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/v1/campaigns/:id/domain-groups/:groupId',
    {
      ...cv,
      schema: {
        tags,
        summary: 'Rename a domain group, change its colour or replace its members',
        params: byGroup,
        body: updateDomainGroupRequest,
        response: { 200: domainGroup, ...errors(...guarded, 404, 409) },
      },
    },
    async (request) =>
      setup.updateGroup(currentAuth(request), request.params.id, request.params.groupId, request.body),
  );

  app.delete(
    '/api/v1/campaigns/:id/domain-groups/:groupId',
    {
      ...cv,
      schema: {
        tags,
        summary: 'Delete a domain group (its members stay tracked)',
        params: byGroup,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await setup.deleteGroup(currentAuth(request), request.params.id, request.params.groupId);
      return reply.code(204).send();
    },
  );

  for (const [segment, kind, noun] of [
    ['tags', 'tag', 'tag'],
    ['keyword-groups', 'keyword-group', 'keyword group'],
  ] as const) {
    app.patch(
      `/api/v1/campaigns/:id/${segment}/:name`,
      {
        ...cv,
        schema: {
          tags,
          summary: `Rename a ${noun} on every keyword that carries it`,
          params: byLabel,
          body: renameLabelRequest,
          response: { 200: labelChangeResponse, ...errors(...guarded, 404, 409) },
        },
      },
      async (request) =>
        setup.changeLabel(
          currentAuth(request),
          request.params.id,
          kind,
          request.params.name,
          request.body.name,
        ),
    );
    app.delete(
      `/api/v1/campaigns/:id/${segment}/:name`,
      {
        ...cv,
        schema: {
          tags,
          summary: `Remove a ${noun} from every keyword (the keywords stay)`,
          params: byLabel,
          response: { 200: labelChangeResponse, ...errors(...guarded, 404) },
        },
      },
      async (request) =>
        setup.changeLabel(currentAuth(request), request.params.id, kind, request.params.name, null),
    );
  }

  app.get(
    '/api/v1/campaigns/:id/competitor-suggestions',
    {
      ...cv,
      schema: {
        tags,
        summary: "Domains most visible on the campaign's keywords at its latest snapshot, not yet tracked",
        params: byId,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
        response: { 200: competitorSuggestionsResponse, ...errors(...guarded, 404) },
      },
    },
    async (request) => setup.suggestions(currentAuth(request), request.params.id, request.query.limit),
  );

  app.get(
    '/api/v1/admin/audit',
    {
      onRequest: requireRole('ROLE_ADMIN'),
      schema: {
        tags: ['admin'],
        summary: 'Set-up changes of your organisation (who, what, when), newest first',
        querystring: auditQuery,
        response: { 200: auditResponse, ...errors(...guarded) },
      },
    },
    async (request) => setup.auditLog(currentAuth(request), request.query.offset, request.query.limit),
  );
};
