// Administration → Audit log (ROLE_ADMIN): every set-up change of the organisation — projects, campaigns,
// keywords, tags and groups, tracked domains, domain groups — with when, who, what was done and to what,
// newest first, a page at a time.
import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useAuditLog } from '../../api/use-campaign-setup';
import { useFormat } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { PageHeader } from '../../components/PageHeader';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';

const AUDIT_PAGE_SIZE = 50;

const ACTION_COLOURS: Record<string, string> = {
  create: 'teal',
  'add-keywords': 'teal',
  delete: 'red',
  'remove-keywords': 'red',
};

export function AuditLogPage() {
  const [page, setPage] = useState(0);
  const log = useAuditLog(page * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE);
  const format = useFormat();
  useBreadcrumb([{ label: 'Administration' }, { label: 'Audit log' }]);

  let body;
  if (log.isPending) body = <TableSkeleton rows={8} columns={4} />;
  else if (log.isError) {
    body = (
      <ErrorView
        title="The audit log could not be loaded"
        error={log.error}
        onRetry={() => void log.refetch()}
      />
    );
  } else if (log.data.items.length === 0) {
    body = (
      <EmptyView title={page === 0 ? 'No changes yet' : 'No older changes'}>
        {page === 0
          ? 'Creating, editing or deleting a project, campaign, keyword, tag, tracked domain or domain group is recorded here.'
          : 'This is the end of the log.'}
      </EmptyView>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label="Audit log" striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={170}>When</Table.Th>
              <Table.Th w={220}>Who</Table.Th>
              <Table.Th w={150}>Action</Table.Th>
              <Table.Th>What</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.items.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(e.at)}</Table.Td>
                <Table.Td>{e.userEmail}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={ACTION_COLOURS[e.action] ?? 'blue'} tt="none">
                    {e.action.replaceAll('-', ' ')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{e.summary}</Text>
                  <Text size="xs" c="dimmed">
                    {e.objectType.replaceAll('-', ' ')}
                    {e.objectId !== null && ` ${e.objectId}`}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  const hasOlder = log.data !== undefined && log.data.items.length === AUDIT_PAGE_SIZE;
  return (
    <Stack gap="md">
      <PageHeader
        title="Audit log"
        description="Who changed which project, campaign, keyword or tracked domain, and when; newest first."
      />
      <Paper withBorder p="md">
        {body}
        <Group justify="space-between" mt="sm">
          <Text size="xs" c="dimmed">
            {log.data && log.data.items.length > 0
              ? `Changes ${format.integer(page * AUDIT_PAGE_SIZE + 1)}–${format.integer(page * AUDIT_PAGE_SIZE + log.data.items.length)}`
              : ''}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              Newer
            </Button>
            <Button size="xs" variant="default" disabled={!hasOlder} onClick={() => setPage((p) => p + 1)}>
              Older
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
