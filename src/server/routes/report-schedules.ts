// Report schedules (ROLE_REPORTS): a report's schedules (list, create), one schedule (read, replace — pause
// and resume are `enabled` — delete), its delivery log, "run now" and a test send to given recipients
// (both 202 with the delivery, followed in the log). Another organisation's ids are 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@contracts/common';
import {
  reportDeliveriesResponse,
  reportDelivery,
  reportSchedule,
  reportSchedulesResponse,
  scheduleIdParams,
  scheduleRequest,
  testSendRequest,
} from '@contracts/report-schedules';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

const byReport = z.object({ id: idParam });

export const reportScheduleRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_REPORTS'));
  const service = ctx.services.reportSchedules;
  const tags = ['reports'];

  app.get(
    '/api/v1/reports/:id/schedules',
    {
      schema: {
        tags,
        summary: "The report's schedules",
        params: byReport,
        response: { 200: reportSchedulesResponse, ...errors(...guarded, 404) },
      },
    },
    async (request) => service.list(currentAuth(request), request.params.id),
  );

  app.post(
    '/api/v1/reports/:id/schedules',
    {
      schema: {
        tags,
        summary: 'Schedule the report: daily, weekly or monthly at a time in a time zone, to recipients',
        params: byReport,
        body: scheduleRequest,
        response: { 201: reportSchedule, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(currentAuth(request), request.params.id, request.body)),
  );

  app.get(
    '/api/v1/report-schedules/:id',
    {
      schema: {
        tags,
        summary: 'One report schedule, with its next run',
        params: scheduleIdParams,
        response: { 200: reportSchedule, ...errors(...guarded, 404) },
      },
    },
    async (request) => service.get(currentAuth(request), request.params.id),
  );

  app.put(
    '/api/v1/report-schedules/:id',
    {
      schema: {
        tags,
        summary: 'Replace a report schedule (enabled false pauses it); you become the user it runs as',
        params: scheduleIdParams,
        body: scheduleRequest,
        response: { 200: reportSchedule, ...errors(...guarded, 404) },
      },
    },
    async (request) => service.update(currentAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/report-schedules/:id',
    {
      schema: {
        tags,
        summary: 'Delete a report schedule and its delivery log',
        params: scheduleIdParams,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(currentAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/v1/report-schedules/:id/deliveries',
    {
      schema: {
        tags,
        summary: "The schedule's delivery log, newest first: attempts with the mail server's answers",
        params: scheduleIdParams,
        response: { 200: reportDeliveriesResponse, ...errors(...guarded, 404) },
      },
    },
    async (request) => service.deliveries(currentAuth(request), request.params.id),
  );

  app.post(
    '/api/v1/report-schedules/:id/run',
    {
      schema: {
        tags,
        summary: "Generate and mail the report now to the schedule's recipients",
        params: scheduleIdParams,
        response: { 202: reportDelivery, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.runNow(currentAuth(request), request.params.id)),
  );

  app.post(
    '/api/v1/report-schedules/:id/test',
    {
      schema: {
        tags,
        summary: 'Generate the report now and mail it, marked as a test, to the given recipients',
        params: scheduleIdParams,
        body: testSendRequest,
        response: { 202: reportDelivery, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await service.testSend(currentAuth(request), request.params.id, request.body.recipients)),
  );
};
