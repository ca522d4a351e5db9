// The task part of the MetaStore port (issue 31 items 5 and 6): tasks with comments and a change history,
// in-app notifications of assignments and mentions, the detectors' drop threshold and the organisation's
// SMTP server. MetaStore extends this interface; meta/tasks.ts and meta/notifications.ts implement it for
// both engines and pass test/storage/meta-store.tasks-cases.ts.
import type { NotificationKind, TaskPriority, TaskSource, TaskStatus } from '@core/tasks';

/** What a detector saw, kept with the task it raised. */
export interface TaskEvidence {
  keyword: string;
  previousDate: string;
  currentDate: string;
  previousPosition: number | null;
  currentPosition: number | null;
  url: string | null;
  /** Cannibalisation tasks only: the kind of conflict and the URLs involved with their positions. */
  conflict?: 'multiple' | 'flip';
  urls?: { url: string; date: string; position: number }[];
}

export interface TaskFields {
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  /** A user of the same organisation (the service checks); null: unassigned. */
  assigneeId: number | null;
  /** YYYY-MM-DD. */
  dueDate: string | null;
  /** Links; each may be null. */
  campaignId: number | null;
  keyword: string | null;
  url: string | null;
  reportId: number | null;
}

export interface NewTask extends TaskFields {
  organisationId: number;
  source: TaskSource;
  /** Detector tasks only: a second task with the same key in the organisation is refused. */
  eventKey: string | null;
  evidence: TaskEvidence | null;
  createdBy: number | null;
}

export interface Task extends NewTask {
  id: number;
  createdAt: string;
  updatedAt: string;
}

export type TaskPatch = Partial<TaskFields>;

export interface TaskQuery {
  status?: TaskStatus;
  priority?: TaskPriority;
  /** null: the unassigned tasks. */
  assigneeId?: number | null;
  campaignId?: number;
}

export interface TaskComment {
  id: number;
  taskId: number;
  authorId: number | null;
  body: string;
  createdAt: string;
}

/** One field of a task changed by one edit; values as text (null: empty). */
export interface TaskChange {
  id: number;
  taskId: number;
  actorId: number | null;
  field: keyof TaskFields;
  oldValue: string | null;
  newValue: string | null;
  at: string;
}

export interface NewNotification {
  organisationId: number;
  userId: number;
  kind: NotificationKind;
  /** The task of an assignment or mention; null for an alert. */
  taskId: number | null;
  actorId: number | null;
  /** An alert's rule and summary (kind 'alert'; migration 0015-alerts). */
  alert?: { ruleId: number; title: string };
}

export interface Notification extends Omit<NewNotification, 'alert'> {
  id: number;
  createdAt: string;
  readAt: string | null;
  /** The task's title now, for the list; null for an alert. */
  taskTitle: string | null;
  /** A fired alert's rule, its campaign and the alert's summary; null for a task's notification. */
  alert: { ruleId: number; campaignId: number; title: string } | null;
}

/** The organisation's mail server; the password stays sealed (SecretBox) inside the store. */
export interface SmtpSettings {
  host: string;
  port: number;
  security: 'tls' | 'starttls' | 'none';
  username: string | null;
  passwordSealed: string | null;
  fromAddress: string;
  updatedAt: string;
}

export interface TaskMethods {
  /**
   * Stores the task; null (and nothing written) when `eventKey` is set and a task of the organisation
   * already carries it — the same detected event never raises two tasks.
   */
  createTask(task: NewTask, now: string): Promise<Task | null>;
  /** The organisation's tasks matching the query, newest first. */
  listTasks(organisationId: number, query: TaskQuery): Promise<Task[]>;
  /** Null unless the task exists in that organisation. */
  getTask(organisationId: number, id: number): Promise<Task | null>;
  /**
   * Applies the patch and records each field whose value changed in the task's history, in one transaction;
   * null unless the task exists in that organisation.
   */
  updateTask(
    organisationId: number,
    id: number,
    patch: TaskPatch,
    actorId: number | null,
    now: string,
  ): Promise<Task | null>;
  /** False when no such task exists in that organisation. Its comments, history and notifications go too. */
  deleteTask(organisationId: number, id: number): Promise<boolean>;
  /** Null when the task does not exist in that organisation. */
  addTaskComment(
    organisationId: number,
    taskId: number,
    comment: { authorId: number | null; body: string },
    now: string,
  ): Promise<TaskComment | null>;
  /** Oldest first; empty for a task of another organisation. */
  listTaskComments(organisationId: number, taskId: number): Promise<TaskComment[]>;
  /** Oldest first; empty for a task of another organisation. */
  listTaskHistory(organisationId: number, taskId: number): Promise<TaskChange[]>;

  createNotifications(list: readonly NewNotification[], now: string): Promise<void>;
  /** The user's notifications, newest first, at most `limit`. */
  listNotifications(organisationId: number, userId: number, limit: number): Promise<Notification[]>;
  countUnreadNotifications(organisationId: number, userId: number): Promise<number>;
  /** Marks the user's notifications read (the listed ids, or all when null); returns how many changed. */
  markNotificationsRead(
    organisationId: number,
    userId: number,
    ids: readonly number[] | null,
    now: string,
  ): Promise<number>;

  /** Null: the organisation keeps the default threshold. */
  getTaskDropThreshold(organisationId: number): Promise<number | null>;
  setTaskDropThreshold(organisationId: number, positions: number): Promise<void>;

  getSmtpSettings(organisationId: number): Promise<SmtpSettings | null>;
  setSmtpSettings(organisationId: number, settings: SmtpSettings): Promise<void>;
  /** False when none was set. */
  deleteSmtpSettings(organisationId: number): Promise<boolean>;
}
