// CTR models (issue 30 item 5; /api/v1/ctr-models) over TanStack Query: the list (with every model's values,
// so curves compare without a request each), one model with its observed buckets, fitting one, and a site's
// brand terms.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  brandTermsResponse,
  CTR_MODELS_BASE,
  ctrModelDetail,
  ctrModelsResponse,
  type BrandTermsBody,
  type FitCtrModelRequest,
} from '@contracts/ctr-models';
import { apiRequest } from './client';

const KEY = ['ctr-models'] as const;

export function useCtrModels() {
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => apiRequest(CTR_MODELS_BASE, { schema: ctrModelsResponse, signal }),
    select: (r) => r.items,
  });
}

export function useCtrModel(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => apiRequest(`${CTR_MODELS_BASE}/${id}`, { schema: ctrModelDetail, signal }),
    enabled: id !== null,
  });
}

export function useFitCtrModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FitCtrModelRequest) =>
      apiRequest(`${CTR_MODELS_BASE}/fit`, { method: 'POST', body, schema: ctrModelDetail }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useBrandTerms(site: string | null) {
  return useQuery({
    queryKey: [...KEY, 'brand-terms', site],
    queryFn: ({ signal }) =>
      apiRequest(`${CTR_MODELS_BASE}/brand-terms?site=${encodeURIComponent(site!)}`, {
        schema: brandTermsResponse,
        signal,
      }),
    enabled: site !== null,
  });
}

export function useSetBrandTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandTermsBody) =>
      apiRequest(`${CTR_MODELS_BASE}/brand-terms`, { method: 'PUT', body, schema: brandTermsResponse }),
    onSuccess: (r) => queryClient.setQueryData([...KEY, 'brand-terms', r.site], r),
  });
}
