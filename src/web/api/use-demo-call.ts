// The set-up-a-call request (spec §7 /demo/call, POST), sent from the set-up-a-call dialog, and the
// administrators' list of call requests.
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ADMIN_CALL_REQUESTS,
  DEMO_CALL,
  callRequestResponse,
  callRequestsResponse,
  type CallRequestBody,
} from '@contracts/demo';
import { apiRequest } from './client';

export const callRequestKeys = { list: ['admin', 'call-requests'] as const };

export function useRequestCall() {
  return useMutation({
    mutationFn: (body: CallRequestBody) =>
      apiRequest(DEMO_CALL, { method: 'POST', body, schema: callRequestResponse }),
  });
}

export function useCallRequests() {
  return useQuery({
    queryKey: callRequestKeys.list,
    queryFn: ({ signal }) => apiRequest(ADMIN_CALL_REQUESTS, { schema: callRequestsResponse, signal }),
  });
}
