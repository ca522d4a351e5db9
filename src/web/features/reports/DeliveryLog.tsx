// A report schedule's delivery log: each delivery (scheduled, run now, test) with when, to whom, its status,
// the generated report it mailed and every attempt with the mail server's answer (or the error).
import { Alert, Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import type { ReportDelivery } from '@contracts/report-schedules';
import { describeError } from '../../api/client';
import { useScheduleDeliveries } from '../../api/use-report-schedules';
import { useFormat } from '../../app/route-context';
import { TableSkeleton } from '../../components/StateViews';

const STATUS_COLOURS = {
  generating: 'blue',
  sending: 'blue',
  retrying: 'orange',
  sent: 'teal',
  failed: 'red',
} as const;
const KIND_WORDS = { scheduled: 'scheduled', 'run-now': 'run now', test: 'test' } as const;

function Attempts({ d }: { d: ReportDelivery }) {
  const format = useFormat();
  return (
    <Stack gap={2}>
      {d.attempts.map((a, i) => (
        <Text
          key={a.at + String(i)}
          size="xs"
          c={a.ok ? undefined : 'red'}
          style={{ wordBreak: 'break-word' }}
        >
          {i + 1}. {format.dateTime(a.at)}: {a.response}
        </Text>
      ))}
      {d.status === 'retrying' && d.nextAttemptAt !== null && (
        <Text size="xs" c="dimmed">
          Next attempt {format.dateTime(d.nextAttemptAt)}
        </Text>
      )}
      {d.attempts.length === 0 && d.error !== null && (
        <Text size="xs" c="red" style={{ wordBreak: 'break-word' }}>
          {d.error}
        </Text>
      )}
    </Stack>
  );
}

export function DeliveryLog({ scheduleId, reportId }: { scheduleId: number; reportId: number }) {
  const log = useScheduleDeliveries(scheduleId, reportId);
  const format = useFormat();
  if (log.isPending) return <TableSkeleton rows={3} columns={4} />;
  if (log.isError)
    return (
      <Alert color="red" variant="light" role="alert" title="The delivery log could not be read">
        {describeError(log.error)}
      </Alert>
    );
  if (log.data.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing sent yet: the first delivery appears here at the next run, or use Run now or Send test.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table fz="xs" verticalSpacing={4} data-delivery-log={scheduleId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>To, and each attempt with the server’s answer</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.data.items.map((d) => (
            <Table.Tr key={d.id} data-delivery={d.id} data-status={d.status}>
              <Table.Td style={{ verticalAlign: 'top' }}>
                {format.dateTime(d.dueAt ?? d.createdAt)}
                <Text size="xs" c="dimmed">
                  {KIND_WORDS[d.kind]}
                  {d.generatedReportId !== null && (
                    <>
                      {' · '}
                      <Anchor
                        size="xs"
                        href={`/print/reports/${d.generatedReportId}`}
                        target="_blank"
                        rel="noopener"
                      >
                        #{d.generatedReportId}
                      </Anchor>
                    </>
                  )}
                </Text>
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Badge
                  size="sm"
                  variant="light"
                  color={STATUS_COLOURS[d.status]}
                  style={{ minWidth: 'max-content' }}
                >
                  {d.status}
                </Badge>
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Text size="xs" style={{ wordBreak: 'break-all' }}>
                  {d.recipients.join(', ')}
                </Text>
                <Attempts d={d} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
