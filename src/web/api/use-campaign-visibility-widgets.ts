// The widgets config of a screen module for the signed-in user (GET/PUT /api/v2/widgets?moduleName=…): the
// saved order, visibility and expanded widget, or null when never saved.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WIDGETS_PATH } from '@contracts/paths';
import { widgetsResponse } from '@contracts/widgets';
import type { WidgetsConfig, WidgetsResponse } from '@contracts/widgets';
import { apiRequest } from './client';
import { widgetsConfigPath } from './paths';
import { widgetKeys } from './query-keys';

export function useWidgetsConfig(moduleName: string) {
  return useQuery({
    queryKey: widgetKeys.module(moduleName),
    queryFn: ({ signal }) => apiRequest(widgetsConfigPath(moduleName), { schema: widgetsResponse, signal }),
    staleTime: Infinity,
  });
}

/** Saves at once in the cache (the screen redraws without waiting) and then on the server. */
export function useSaveWidgetsConfig(moduleName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: WidgetsConfig) =>
      apiRequest(WIDGETS_PATH, {
        method: 'PUT',
        query: { moduleName },
        body: config,
        schema: widgetsResponse,
      }),
    onMutate: (config) => {
      const previous = queryClient.getQueryData<WidgetsResponse>(widgetKeys.module(moduleName));
      queryClient.setQueryData<WidgetsResponse>(widgetKeys.module(moduleName), {
        moduleName,
        config,
        updatedAt: previous?.updatedAt ?? null,
      });
      return { previous };
    },
    onError: (_error, _config, context) => {
      if (context?.previous) queryClient.setQueryData(widgetKeys.module(moduleName), context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(widgetKeys.module(moduleName), saved),
  });
}
