// The first start's demo generation on the sign-in page: while it runs, a progress bar with its phase and an
// estimate of the time left; once it failed, its error. Nothing when the workspace is ready.
import { Alert, Paper, Progress, Stack, Text } from '@mantine/core';
import type { SetupStatus } from '@contracts/setup-status';
import type { DemoPhase } from '@core/demo/progress';
import { useFormat } from '../../app/route-context';

const PHASES: Record<DemoPhase, string> = {
  plan: 'Planning',
  workspace: 'Creating the projects and campaigns',
  keywords: 'Writing the keywords',
  campaigns: 'Adding the campaigns’ keywords',
  serps: 'Writing the weekly search results',
};

export function SetupProgress({ status, signedIn }: { status: SetupStatus; signedIn: boolean }) {
  const format = useFormat();
  if (status.state === 'failed') {
    return (
      <Alert color="red" variant="light" title="The demo workspace could not be generated" role="alert">
        {status.message} Restart Sightline to generate it again.
      </Alert>
    );
  }
  if (status.state !== 'generating' || status.phase === null) return null;
  const steps =
    status.phase === 'serps' ? ` (${format.integer(status.done)} of ${format.integer(status.total)})` : '';
  const left =
    status.etaSeconds === null ? '' : ` · about ${format.integer(Math.max(1, status.etaSeconds))} s left`;
  return (
    <Paper withBorder p="sm" role="status" aria-live="polite">
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Generating the demo workspace
        </Text>
        <Progress
          value={status.percent}
          size="lg"
          animated
          aria-label={`Demo workspace ${Math.floor(status.percent)} percent generated`}
        />
        <Text size="xs" c="dimmed">
          {PHASES[status.phase]}
          {steps}: {format.percent(status.percent, 0)}
          {left}
        </Text>
        <Text size="xs" c="dimmed">
          {signedIn
            ? 'You are signed in: Sightline opens when the workspace is ready.'
            : 'You can sign in meanwhile; Sightline opens when the workspace is ready.'}
        </Text>
      </Stack>
    </Paper>
  );
}
