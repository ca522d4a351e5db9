// Organisation administration (ROLE_ADMIN): users, invitations, roles and disabling. An admin cannot take
// ROLE_ADMIN from themselves or disable themselves, so an organisation never locks itself out by accident.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUser,
  adminUsersResponse,
  invitationsResponse,
  inviteRequest,
  inviteResponse,
  setDisabledRequest,
  setRolesRequest,
} from '@contracts/admin';
import { idParam } from '@contracts/common';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

const userParams = z.object({ id: idParam });

export const adminRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_ADMIN'));
  const admin = ctx.services.admin;

  app.get(
    '/api/v1/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users of your organisation',
        response: { 200: adminUsersResponse, ...errors(...guarded) },
      },
    },
    async (request) => admin.listUsers(currentAuth(request)),
  );

  app.post(
    '/api/v1/admin/invitations',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Invite a user with roles; the invite URL (on PUBLIC_URL, else a path) is returned once and valid for 7 days',
        body: inviteRequest,
        response: { 201: inviteResponse, ...errors(...guarded, 409) },
      },
    },
    async (request, reply) => {
      const created = await admin.invite(currentAuth(request), request.body.email, request.body.roles);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/v1/admin/invitations',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invitations of your organisation (without their links)',
        response: { 200: invitationsResponse, ...errors(...guarded) },
      },
    },
    async (request) => admin.listInvitations(currentAuth(request)),
  );

  app.put(
    '/api/v1/admin/users/:id/roles',
    {
      schema: {
        tags: ['admin'],
        summary: "Replace a user's roles",
        params: userParams,
        body: setRolesRequest,
        response: { 200: adminUser, ...errors(...guarded, 404) },
      },
    },
    async (request) => admin.setRoles(currentAuth(request), request.params.id, request.body.roles),
  );

  app.put(
    '/api/v1/admin/users/:id/disabled',
    {
      schema: {
        tags: ['admin'],
        summary: 'Disable or re-enable a user; disabling ends their sessions',
        params: userParams,
        body: setDisabledRequest,
        response: { 200: adminUser, ...errors(...guarded, 404) },
      },
    },
    async (request) => admin.setDisabled(currentAuth(request), request.params.id, request.body.disabled),
  );
};
