// Tasks (issue 31 item 6): list with filters, create (201), read with comments and history, edit, delete
// (204), comment (201), and the members a task can be assigned to. Any signed-in member may use them (the
// spec gates the 'tasks' module with no role); changes need the CSRF token. Ids of another organisation
// answer 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@contracts/common';
import {
  createTaskCommentRequest,
  createTaskRequest,
  task,
  taskComment,
  taskDetail,
  taskMembersResponse,
  tasksQuery,
  tasksResponse,
  updateTaskRequest,
} from '@contracts/tasks';
import { currentAuth, requireSignIn } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

const byId = z.object({ id: idParam });
const tags = ['tasks'];

export const taskRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);
  const tasks = ctx.services.tasks;

  app.get(
    '/api/v1/tasks',
    {
      schema: {
        tags,
        summary: "The organisation's tasks, newest first, filtered by status, priority, assignee or campaign",
        querystring: tasksQuery,
        response: { 200: tasksResponse, ...errors(400, 401) },
      },
    },
    async (request) => tasks.list(currentAuth(request), request.query),
  );

  app.get(
    '/api/v1/tasks/members',
    {
      schema: {
        tags,
        summary:
          'The active members of the organisation: who a task can be assigned to or a comment can mention',
        response: { 200: taskMembersResponse, ...errors(401) },
      },
    },
    async (request) => tasks.members(currentAuth(request)),
  );

  app.post(
    '/api/v1/tasks',
    {
      schema: {
        tags,
        summary: 'Create a task; its assignee is notified',
        body: createTaskRequest,
        response: { 201: task, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await tasks.create(currentAuth(request), request.body)),
  );

  app.get(
    '/api/v1/tasks/:id',
    {
      schema: {
        tags,
        summary: 'A task with its comments and the history of its changes',
        params: byId,
        response: { 200: taskDetail, ...errors(400, 401, 404) },
      },
    },
    async (request) => tasks.get(currentAuth(request), request.params.id),
  );

  app.patch(
    '/api/v1/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Change a task (status, assignee, due date, …); a new assignee is notified',
        params: byId,
        body: updateTaskRequest,
        response: { 200: task, ...errors(...guarded, 404) },
      },
    },
    async (request) => tasks.update(currentAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a task with its comments',
        params: byId,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await tasks.remove(currentAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/v1/tasks/:id/comments',
    {
      schema: {
        tags,
        summary: 'Comment on a task; colleagues @mentioned by e-mail address are notified',
        params: byId,
        body: createTaskCommentRequest,
        response: { 201: taskComment, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await tasks.comment(currentAuth(request), request.params.id, request.body)),
  );
};
