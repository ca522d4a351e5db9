// Administration / Call requests (ROLE_ADMIN): the calls anonymous demo visitors asked for through the
// set-up-a-call dialog, newest first, so the team can reply by email.
import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { useCallRequests } from '../../api/use-demo-call';
import { useFormat } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { PageHeader } from '../../components/PageHeader';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { PREFERRED_TIME_LABELS } from '../../modals/SetUpCallModal';

export function CallRequestsPage() {
  const requests = useCallRequests();
  const f = useFormat();
  useBreadcrumb([{ label: 'Administration' }, { label: 'Call requests' }]);

  const body = () => {
    if (requests.isPending) return <TableSkeleton rows={4} columns={6} />;
    if (requests.isError) {
      return (
        <ErrorView
          title="Call requests could not be loaded"
          error={requests.error}
          onRetry={() => void requests.refetch()}
        />
      );
    }
    if (requests.data.items.length === 0) {
      return (
        <EmptyView title="No call requests yet">Requests from the public demo (/demo) appear here.</EmptyView>
      );
    }
    return (
      <Table aria-label="Call requests" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Received</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Company</Table.Th>
            <Table.Th>Preferred time</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.data.items.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{f.dateTime(r.createdAt)}</Table.Td>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>
                <Anchor href={`mailto:${r.email}`} size="sm">
                  {r.email}
                </Anchor>
              </Table.Td>
              <Table.Td>{r.company}</Table.Td>
              <Table.Td>
                {r.preferredTime in PREFERRED_TIME_LABELS
                  ? PREFERRED_TIME_LABELS[r.preferredTime as keyof typeof PREFERRED_TIME_LABELS]
                  : r.preferredTime}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={r.message === null ? 'dimmed' : undefined}>
                  {r.message ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Call requests"
        description="Calls visitors of the public demo asked for, newest first."
      />
      <Paper withBorder p="md">
        {body()}
      </Paper>
    </Stack>
  );
}
