// Tasks (issue 31 item 6): list with filters, create, edit (each change kept in the task's history), delete,
// comment with @mentions, and the people a task can be assigned to. Assigning someone and mentioning them
// notifies them (notifier.ts). Tasks, campaigns and reports of another organisation answer 404; an assignee
// who is not an active member of the organisation answers 400 naming the field.
import type { z } from 'zod';
import type {
  createTaskCommentRequest,
  createTaskRequest,
  Task as TaskView,
  TaskComment,
  taskDetail,
  tasksQuery,
  updateTaskRequest,
} from '@contracts/tasks';
import { findMentions } from '@core/tasks';
import type { MetaStore } from '@storage/meta-store';
import type { Task, TaskQuery } from '@storage/task-store';
import { HttpError, notFound } from '../../http/errors';
import type { Actor } from '../campaign-setup/context';
import type { TaskNotifier } from './notifier';

export function taskView(t: Task): TaskView {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    status: t.status,
    priority: t.priority,
    assigneeId: t.assigneeId,
    dueDate: t.dueDate,
    campaignId: t.campaignId,
    keyword: t.keyword,
    url: t.url,
    reportId: t.reportId,
    source: t.source,
    evidence: t.evidence,
    createdBy: t.createdBy,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

type Refs = Partial<Pick<Task, 'assigneeId' | 'campaignId' | 'reportId'>>;

export class TaskService {
  constructor(
    private readonly meta: MetaStore,
    private readonly notifier: TaskNotifier,
    private readonly now: () => Date,
  ) {}

  async list(auth: Actor, q: z.output<typeof tasksQuery>): Promise<{ items: TaskView[] }> {
    const query: TaskQuery = {
      ...(q.status !== undefined && { status: q.status }),
      ...(q.priority !== undefined && { priority: q.priority }),
      ...(q.assignee !== undefined && { assigneeId: q.assignee === 'none' ? null : q.assignee }),
      ...(q.campaign !== undefined && { campaignId: q.campaign }),
    };
    const items = await this.meta.listTasks(auth.user.organisationId, query);
    return { items: items.map(taskView) };
  }

  /** The organisation's active users, by name: who a task can be assigned to or a comment can mention. */
  async members(auth: Actor): Promise<{ items: { id: number; name: string; email: string }[] }> {
    const users = await this.meta.listUsers(auth.user.organisationId);
    return {
      items: users
        .filter((u) => !u.disabled)
        .map((u) => ({ id: u.id, name: u.name, email: u.email }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id),
    };
  }

  async get(auth: Actor, id: number): Promise<z.output<typeof taskDetail>> {
    const orgId = auth.user.organisationId;
    const task = await this.meta.getTask(orgId, id);
    if (!task) throw notFound(`task ${id}`);
    const [comments, history] = await Promise.all([
      this.meta.listTaskComments(orgId, id),
      this.meta.listTaskHistory(orgId, id),
    ]);
    return {
      task: taskView(task),
      comments: comments.map(({ id: cid, authorId, body, createdAt }) => ({
        id: cid,
        authorId,
        body,
        createdAt,
      })),
      history: history.map(({ field, oldValue, newValue, actorId, at }) => ({
        field,
        oldValue,
        newValue,
        actorId,
        at,
      })),
    };
  }

  async create(auth: Actor, req: z.output<typeof createTaskRequest>): Promise<TaskView> {
    await this.checkRefs(auth, req);
    const task = await this.meta.createTask(
      {
        ...req,
        organisationId: auth.user.organisationId,
        source: 'manual',
        eventKey: null,
        evidence: null,
        createdBy: auth.user.id,
      },
      this.now().toISOString(),
    );
    // Only a detector's task (with an event key) can be refused; a person's always lands.
    if (task === null) throw new Error('a task without an event key was refused');
    if (task.assigneeId !== null) await this.notifier.notify(auth, 'assigned', task, [task.assigneeId]);
    return taskView(task);
  }

  async update(auth: Actor, id: number, patch: z.output<typeof updateTaskRequest>): Promise<TaskView> {
    const orgId = auth.user.organisationId;
    const before = await this.meta.getTask(orgId, id);
    if (!before) throw notFound(`task ${id}`);
    await this.checkRefs(auth, patch);
    const task = await this.meta.updateTask(orgId, id, patch, auth.user.id, this.now().toISOString());
    if (!task) throw notFound(`task ${id}`);
    if (task.assigneeId !== null && task.assigneeId !== before.assigneeId)
      await this.notifier.notify(auth, 'assigned', task, [task.assigneeId]);
    return taskView(task);
  }

  async remove(auth: Actor, id: number): Promise<void> {
    if (!(await this.meta.deleteTask(auth.user.organisationId, id))) throw notFound(`task ${id}`);
  }

  /** Adds the comment and notifies every active member it @mentions by e-mail address. */
  async comment(
    auth: Actor,
    id: number,
    req: z.output<typeof createTaskCommentRequest>,
  ): Promise<TaskComment> {
    const orgId = auth.user.organisationId;
    const comment = await this.meta.addTaskComment(
      orgId,
      id,
      { authorId: auth.user.id, body: req.body },
      this.now().toISOString(),
    );
    if (!comment) throw notFound(`task ${id}`);
    const task = await this.meta.getTask(orgId, id);
    const members = (await this.meta.listUsers(orgId)).filter((u) => !u.disabled);
    const mentioned = findMentions(req.body, members);
    if (task && mentioned.length > 0) await this.notifier.notify(auth, 'mentioned', task, mentioned);
    return { id: comment.id, authorId: comment.authorId, body: comment.body, createdAt: comment.createdAt };
  }

  /** 400 for an assignee outside the organisation (or disabled); 404 for another organisation's campaign or report. */
  private async checkRefs(auth: Actor, refs: Refs): Promise<void> {
    const orgId = auth.user.organisationId;
    if (refs.assigneeId != null) {
      const user = await this.meta.getUser(refs.assigneeId);
      if (!user || user.organisationId !== orgId || user.disabled)
        throw new HttpError(
          400,
          'bad_request',
          `assigneeId: user ${refs.assigneeId} is not an active member of your organisation; pick someone from GET /api/v1/tasks/members or send null`,
          {
            issues: [
              { location: 'body', field: 'assigneeId', message: 'not an active member of the organisation' },
            ],
          },
        );
    }
    if (refs.campaignId != null && !(await this.meta.getCampaign(orgId, refs.campaignId)))
      throw notFound(`campaign ${refs.campaignId}`);
    if (refs.reportId != null && !(await this.meta.getReport(orgId, refs.reportId)))
      throw notFound(`report ${refs.reportId}`);
  }
}
