// Notifications of task assignments and @mentions (issue 31 item 6): an in-app entry for each person, and an
// e-mail once the organisation has an SMTP server. A mail that fails is reported through onError and never
// undoes the change that caused it; nobody is notified of their own action.
import type { Notification as NotificationView } from '@contracts/notifications';
import type { NotificationKind } from '@core/tasks';
import type { MetaStore } from '@storage/meta-store';
import type { Task } from '@storage/task-store';
import type { Actor } from '../campaign-setup/context';
import type { MailService } from './mailer';

/** Most notifications the bell lists: the rest stay counted in `unread`. */
export const NOTIFICATION_LIST_LIMIT = 50;

export class TaskNotifier {
  constructor(
    private readonly meta: MetaStore,
    private readonly mail: MailService,
    private readonly now: () => Date,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The user's latest notifications and how many are unread in all. */
  async list(auth: Actor): Promise<{ items: NotificationView[]; unread: number }> {
    const { organisationId, id } = auth.user;
    const [items, unread] = await Promise.all([
      this.meta.listNotifications(organisationId, id, NOTIFICATION_LIST_LIMIT),
      this.meta.countUnreadNotifications(organisationId, id),
    ]);
    return {
      items: items.map((n) => ({
        id: n.id,
        kind: n.kind,
        taskId: n.taskId,
        taskTitle: n.taskTitle,
        actorId: n.actorId,
        createdAt: n.createdAt,
        readAt: n.readAt,
        alert: n.alert,
      })),
      unread,
    };
  }

  /** Marks the user's own notifications read (ids of anyone else's are ignored). */
  async markRead(
    auth: Actor,
    req: { ids?: number[] | undefined; all?: true | undefined },
  ): Promise<{ marked: number }> {
    const marked = await this.meta.markNotificationsRead(
      auth.user.organisationId,
      auth.user.id,
      req.all === true ? null : (req.ids ?? []),
      this.now().toISOString(),
    );
    return { marked };
  }

  async notify(
    actor: Actor | null,
    kind: NotificationKind,
    task: Task,
    userIds: readonly number[],
  ): Promise<void> {
    const recipients = [...new Set(userIds)].filter((id) => id !== actor?.user.id);
    if (recipients.length === 0) return;
    await this.meta.createNotifications(
      recipients.map((userId) => ({
        organisationId: task.organisationId,
        userId,
        kind,
        taskId: task.id,
        actorId: actor?.user.id ?? null,
      })),
      this.now().toISOString(),
    );
    const users = (await this.meta.listUsers(task.organisationId)).filter(
      (u) => recipients.includes(u.id) && !u.disabled,
    );
    if (users.length === 0) return;
    const who = actor?.user.name ?? 'Sightline';
    const subject =
      kind === 'assigned'
        ? `Task assigned to you: ${task.title}`
        : `You were mentioned on a task: ${task.title}`;
    const text = [
      kind === 'assigned'
        ? `${who} assigned you the task "${task.title}".`
        : `${who} mentioned you on the task "${task.title}".`,
      task.dueDate === null ? null : `Due ${task.dueDate}.`,
      `Status: ${task.status}, priority: ${task.priority}.`,
      'Open Tasks in Sightline to see it.',
    ]
      .filter((l) => l !== null)
      .join('\n');
    try {
      await this.mail.send(task.organisationId, { to: users.map((u) => u.email), subject, text });
    } catch (error) {
      this.onError(error);
    }
  }
}
