// Words and colours of task statuses and priorities, shared by the list, the board, the form and the drawer.
import type { TaskPriority, TaskStatus } from '@core/tasks';
import { TASK_PRIORITIES, TASK_STATUSES } from '@core/tasks';

export const STATUS_LABELS: Record<TaskStatus, string> = {
  open: 'Open',
  'in-progress': 'In progress',
  done: 'Done',
};

export const STATUS_COLORS: Record<TaskStatus, string> = {
  open: 'gray',
  'in-progress': 'blue',
  done: 'teal',
};

export const PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

export const PRIORITY_COLORS: Record<TaskPriority, string> = {
  low: 'gray',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** Sort rank of a priority: urgent first. */
export const priorityRank = (p: TaskPriority): number => TASK_PRIORITIES.length - TASK_PRIORITIES.indexOf(p);

export const STATUS_OPTIONS = TASK_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));
export const PRIORITY_OPTIONS = TASK_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }));

/** The status a card moves to with ← or →; null at either end. */
export function neighbourStatus(status: TaskStatus, step: -1 | 1): TaskStatus | null {
  return TASK_STATUSES[TASK_STATUSES.indexOf(status) + step] ?? null;
}
