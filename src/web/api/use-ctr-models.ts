// CTR models (issue 30 item 5; /api/v1/ctr-models) over TanStack Query: the list (with every model's values,
// so curves compare without a request each), one model with its observed buckets, fitting one, and a site's
// brand terms; a campaign's calibration against Search Console.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  brandTermsResponse,
  calibrationResponse,
  CTR_MODELS_BASE,
  ctrModelDetail,
  ctrModelsResponse,
  type BrandTermsBody,
  type FitCtrModelRequest,
} from '@contracts/ctr-models';
import { apiRequest } from './client';

const KEY = ['ctr-models'] as const;

export function useCtrModels(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => apiRequest(CTR_MODELS_BASE, { schema: ctrModelsResponse, signal }),
    select: (r) => r.items,
    enabled,
  });
}

/** The calibration address of a campaign (JSON, or `/csv` for the download). */
export const calibrationHref = (campaign: number, csv = false) =>
  `${CTR_MODELS_BASE}/calibration${csv ? '/csv' : ''}?campaign=${campaign}`;

/** A campaign's model against Search Console, week by week (issue 30 item 6). */
export function useCtrCalibration(campaign: number | null) {
  return useQuery({
    queryKey: [...KEY, 'calibration', campaign],
    queryFn: ({ signal }) => apiRequest(calibrationHref(campaign!), { schema: calibrationResponse, signal }),
    enabled: campaign !== null,
    retry: false,
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
