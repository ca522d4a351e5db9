// The run history of a campaign's rank checks: when, how it started, its status (with the phase while it
// runs), keywords checked and failed, results written, cost and duration, the error of a failed run, the
// provider's last failure while one is retried, and a Cancel button for a run in flight.
import { Badge, Button, Table, Text } from '@mantine/core';
import type { RunView } from '@contracts/rank-checks';
import { useFormat } from '../../app/route-context';
import { EmptyView } from '../../components/StateViews';
import { usdText } from './rank-check-text';

const STATUS_COLORS: Record<RunView['status'], string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};

export function RunHistory({
  runs,
  onCancel,
  cancelling = false,
}: {
  runs: RunView[];
  /** Cancels a run in flight; without it no Cancel button is shown. */
  onCancel?: (runId: number) => void;
  cancelling?: boolean;
}) {
  const format = useFormat();
  if (runs.length === 0) {
    return (
      <EmptyView title="No runs yet">
        Runs appear here once the schedule has run or you use Run now. Each run imports every keyword’s
        results in one go, or nothing if a keyword cannot be fetched.
      </EmptyView>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Rank-check runs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Origin</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Keywords checked</Table.Th>
            <Table.Th ta="right">Failed</Table.Th>
            <Table.Th ta="right">Results</Table.Th>
            <Table.Th ta="right">Cost</Table.Th>
            <Table.Th ta="right">Duration</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{format.dateTime(r.startedAt ?? r.createdAt)}</Table.Td>
              <Table.Td>{r.origin === 'schedule' ? 'Scheduled' : 'Run now'}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={STATUS_COLORS[r.status]}>
                  {r.status === 'running' ? r.phase : r.status}
                </Badge>
                {r.error !== null && (
                  <Text size="xs" c="red" mt={4} maw={420}>
                    {r.error}
                  </Text>
                )}
                {r.lastError !== null && (
                  <Text size="xs" c="orange" mt={4} maw={420}>
                    Retrying: {r.lastError}
                  </Text>
                )}
                {onCancel !== undefined && (r.status === 'running' || r.status === 'queued') && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    mt={4}
                    loading={cancelling}
                    onClick={() => onCancel(r.id)}
                  >
                    Cancel run
                  </Button>
                )}
              </Table.Td>
              <Table.Td ta="right">
                {format.integer(r.requestsDone)} / {format.integer(r.keywords)}
              </Table.Td>
              <Table.Td ta="right">{format.integer(r.requestsFailed)}</Table.Td>
              <Table.Td ta="right">{format.integer(r.resultsWritten)}</Table.Td>
              <Table.Td ta="right">{usdText(format, r.costUsd)}</Table.Td>
              <Table.Td ta="right">
                {r.durationMs === null
                  ? '—'
                  : `${format.number(r.durationMs / 1000, { maximumFractionDigits: 1 })} s`}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
