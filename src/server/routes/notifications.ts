// In-app notifications of task assignments and mentions (issue 31 item 6) for the signed-in user, and the
// organisation settings tasks rely on (ROLE_ADMIN): the detectors' drop threshold and the SMTP server with
// its test send (issue 31 item 5).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  markNotificationsReadRequest,
  markNotificationsReadResponse,
  notificationsResponse,
  smtpSettings,
  smtpTestRequest,
  smtpTestResponse,
  taskSettings,
  updateSmtpRequest,
} from '@contracts/notifications';
import { currentAuth, requireRole, requireSignIn } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

const admin = { onRequest: requireRole('ROLE_ADMIN') };

export const notificationRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);
  const { notifications, taskDetector, mail } = ctx.services;

  app.get(
    '/api/v1/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your latest notifications (assignments and mentions), newest first, with the unread count',
        response: { 200: notificationsResponse, ...errors(401) },
      },
    },
    async (request) => notifications.list(currentAuth(request)),
  );

  app.post(
    '/api/v1/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read: the listed ids, or all',
        body: markNotificationsReadRequest,
        response: { 200: markNotificationsReadResponse, ...errors(...guarded) },
      },
    },
    async (request) => notifications.markRead(currentAuth(request), request.body),
  );

  app.get(
    '/api/v1/settings/tasks',
    {
      ...admin,
      schema: {
        tags: ['settings'],
        summary: "The detectors' settings: positions a keyword must drop to raise a task",
        response: { 200: taskSettings, ...errors(...guarded) },
      },
    },
    async (request) => taskDetector.settings(currentAuth(request)),
  );

  app.put(
    '/api/v1/settings/tasks',
    {
      ...admin,
      schema: {
        tags: ['settings'],
        summary: "Set the detectors' drop threshold",
        body: taskSettings.strict(),
        response: { 200: taskSettings, ...errors(...guarded) },
      },
    },
    async (request) => taskDetector.updateSettings(currentAuth(request), request.body),
  );

  app.get(
    '/api/v1/settings/smtp',
    {
      ...admin,
      schema: {
        tags: ['settings'],
        summary: "The organisation's SMTP server (the password is never shown)",
        response: { 200: smtpSettings, ...errors(...guarded) },
      },
    },
    async (request) => mail.settings(currentAuth(request)),
  );

  app.put(
    '/api/v1/settings/smtp',
    {
      ...admin,
      schema: {
        tags: ['settings'],
        summary: 'Set the SMTP server; the password is stored encrypted (omit it to keep the stored one)',
        body: updateSmtpRequest,
        response: { 200: smtpSettings, ...errors(...guarded) },
      },
    },
    async (request) => mail.update(currentAuth(request), request.body),
  );

  app.delete(
    '/api/v1/settings/smtp',
    {
      ...admin,
      schema: {
        tags: ['settings'],
        summary: 'Remove the SMTP server: no more e-mail is sent',
        response: { 204: z.undefined(), ...errors(...guarded) },
      },
    },
    async (request, reply) => {
      await mail.remove(currentAuth(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/v1/settings/smtp/test',
    {
      ...admin,
      schema: {
        tags: ['settings'],
        summary: 'Send a test e-mail through the stored SMTP server (to you, or to the address given)',
        body: smtpTestRequest,
        response: { 200: smtpTestResponse, ...errors(...guarded, 409, 502) },
      },
    },
    async (request) => mail.testSend(currentAuth(request), request.body.to),
  );
};
