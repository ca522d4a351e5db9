// Requests a call with the team (spec §7 /demo/call, POST): sent from the set-up-a-call dialog.
import { useMutation } from '@tanstack/react-query';
import type { CallRequest } from '../modals/modal-store';
import { apiRequest } from './client';

export function useRequestCall() {
  return useMutation({
    mutationFn: (body: CallRequest) => apiRequest('/demo/call', { method: 'POST', body }),
  });
}
