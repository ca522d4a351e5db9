// Saving the organisation's brand template for report cover pages (PUT /api/v1/report-brand, ROLE_ADMIN);
// its answer becomes the brand query's data (use-reports.ts reads it), so previews redraw with it at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportBrand } from '@contracts/reports';
import type { ReportBrand } from '@contracts/reports';
import { apiRequest } from './client';
import { reportKeys } from './query-keys';

export const reportBrandKey = [...reportKeys.all, 'brand'] as const;

export function useSaveReportBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportBrand) =>
      apiRequest('/api/v1/report-brand', { method: 'PUT', body, schema: reportBrand }),
    onSuccess: (saved) => queryClient.setQueryData(reportBrandKey, saved),
  });
}
