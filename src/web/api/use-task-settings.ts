// The organisation settings of tasks (ROLE_ADMIN): the detectors' drop threshold and the SMTP server for
// assignment and mention e-mails, with a test send.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { smtpSettings, smtpTestResponse, taskSettings } from '@contracts/notifications';
import type { updateSmtpRequest } from '@contracts/notifications';
import { apiRequest } from './client';
import { taskSettingsKeys } from './query-keys';

export function useSmtpSettings(enabled: boolean) {
  return useQuery({
    queryKey: taskSettingsKeys.smtp,
    queryFn: ({ signal }) => apiRequest('/api/v1/settings/smtp', { schema: smtpSettings, signal }),
    enabled,
  });
}

export function useTaskSettings(enabled: boolean) {
  return useQuery({
    queryKey: taskSettingsKeys.tasks,
    queryFn: ({ signal }) => apiRequest('/api/v1/settings/tasks', { schema: taskSettings, signal }),
    enabled,
  });
}

export function useSaveSmtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof updateSmtpRequest>) =>
      apiRequest('/api/v1/settings/smtp', { method: 'PUT', body, schema: smtpSettings }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskSettingsKeys.smtp }),
  });
}

export function useTestSmtp() {
  return useMutation({
    mutationFn: (to: string | null) =>
      apiRequest('/api/v1/settings/smtp/test', {
        method: 'POST',
        body: to === null || to === '' ? {} : { to },
        schema: smtpTestResponse,
        timeoutMs: 60_000,
      }),
  });
}

export function useSaveTaskSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dropThreshold: number) =>
      apiRequest('/api/v1/settings/tasks', { method: 'PUT', body: { dropThreshold }, schema: taskSettings }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskSettingsKeys.tasks }),
  });
}
