// Tasks (issue 31 item 6): the filtered list, one task with its comments and history, the members a task can
// be assigned to, and the changes (create, edit, move, delete, comment). Every change invalidates every task
// query, so the list, the board and an open drawer show the new state at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { task, taskComment, taskDetail, taskMembersResponse, tasksResponse } from '@contracts/tasks';
import type { createTaskRequest, updateTaskRequest } from '@contracts/tasks';
import { apiRequest } from './client';
import { notificationKeys, taskKeys } from './query-keys';

const PATH = '/api/v1/tasks';

export interface TaskFilters {
  status: string | null;
  priority: string | null;
  /** A user id, 'none' for the unassigned, or null for everyone. */
  assignee: string | null;
  campaign: number | null;
}

export function useTasks(filters: TaskFilters) {
  return useQuery({
    queryKey: taskKeys.list({ ...filters }),
    queryFn: ({ signal }) =>
      apiRequest(PATH, {
        query: {
          status: filters.status,
          priority: filters.priority,
          assignee: filters.assignee,
          campaign: filters.campaign,
        },
        schema: tasksResponse,
        signal,
      }),
    select: (r) => r.items,
  });
}

/** One task with comments and history; null asks nothing. */
export function useTask(id: number | null) {
  return useQuery({
    queryKey: taskKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`${PATH}/${id ?? 0}`, { schema: taskDetail, signal }),
    enabled: id !== null,
  });
}

export function useTaskMembers() {
  return useQuery({
    queryKey: taskKeys.members,
    queryFn: ({ signal }) => apiRequest(`${PATH}/members`, { schema: taskMembersResponse, signal }),
    select: (r) => r.items,
    staleTime: 60_000,
  });
}

function useAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    ]);
}

export function useCreateTask() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: z.input<typeof createTaskRequest>) =>
      apiRequest(PATH, { method: 'POST', body, schema: task }),
    onSuccess: after,
  });
}

export function useUpdateTask() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: z.input<typeof updateTaskRequest> }) =>
      apiRequest(`${PATH}/${id}`, { method: 'PATCH', body: patch, schema: task }),
    onSuccess: after,
  });
}

export function useDeleteTask() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: after,
  });
}

export function useAddTaskComment() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      apiRequest(`${PATH}/${id}/comments`, { method: 'POST', body: { body }, schema: taskComment }),
    onSuccess: after,
  });
}
