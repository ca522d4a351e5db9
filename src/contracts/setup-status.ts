// The set-up status of a first start (issue 25): the server answers within seconds and generates the demo
// workspace in the background; this public route (no session) tells how far it has come, so the sign-in page
// can show a progress bar. While it runs, and after it failed, the data routes answer 503 with the code
// below and this status as details, instead of a half-built workspace. Times in seconds.
import { z } from 'zod';
import { DEMO_PHASES } from '@core/demo/progress';

export const SETUP_STATUS_PATH = '/api/v1/setup-status';
/** Error code of a data route while the demo workspace is being generated (HTTP 503). */
export const DEMO_GENERATING_CODE = 'DEMO_GENERATING';
/** Error code of a data route once generating the demo workspace failed, until a restart (HTTP 503). */
export const DEMO_FAILED_CODE = 'DEMO_FAILED';

export const setupStatus = z.object({
  state: z
    .enum(['ready', 'generating', 'failed'])
    .describe(
      'ready: the workspace is usable; generating: the demo workspace is being built; failed: it was not',
    ),
  phase: z
    .enum(DEMO_PHASES)
    .nullable()
    .describe('The generation phase running (or that failed); null when nothing was generated on this start'),
  done: z.number().int().describe('Steps of the phase done (SERP weeks × markets for serps)'),
  total: z.number().int().describe('Steps of the phase'),
  percent: z.number().min(0).max(100).describe('Of the whole generation, 0–100'),
  elapsedSeconds: z.number().int().describe('Since the generation began; 0 when nothing was generated'),
  etaSeconds: z
    .number()
    .int()
    .nullable()
    .describe('Estimated seconds left, from the pace of the SERP weeks; null until the first is written'),
  message: z.string().nullable().describe('Why the generation failed; null otherwise'),
});
export type SetupStatus = z.infer<typeof setupStatus>;
