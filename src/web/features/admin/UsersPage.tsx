// Administration / Users and roles (ROLE_ADMIN): grant and withdraw roles, disable and enable accounts,
// invite users, follow pending invitations, and store the organisation's SERP provider keys.
import { useState } from 'react';
import { Button, Paper, Stack } from '@mantine/core';
import { useAdminUsers, useInvitations } from '../../api/use-admin';
import { useSession } from '../../app/session-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { ErrorView, TableSkeleton } from '../../components/StateViews';
import { ProviderKeysSection } from '../rank-checks/ProviderKeysSection';
import { SearchConsoleSection } from '../search-console-links/SearchConsoleSection';
import { InvitationsTable } from './InvitationsTable';
import { InviteModal } from './InviteModal';
import { UsersTable } from './UsersTable';

export function UsersPage() {
  const { user } = useSession();
  const users = useAdminUsers();
  const invitations = useInvitations();
  const [inviting, setInviting] = useState(false);
  useBreadcrumb([{ label: 'Administration' }, { label: 'Users and roles' }]);

  return (
    <Stack gap="md">
      <PageHeader
        title="Users and roles"
        description={`Who can sign in to ${user.organisationName}, and what each person may open.`}
        actions={
          <Button leftSection={<PlusIcon size={15} />} onClick={() => setInviting(true)}>
            Invite user
          </Button>
        }
      />
      {users.isPending ? (
        <Paper withBorder p="md">
          <TableSkeleton rows={5} columns={8} />
        </Paper>
      ) : users.isError ? (
        <ErrorView
          title="Users could not be loaded"
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <UsersTable users={users.data.items} currentUserId={user.id} />
      )}
      {invitations.isPending ? (
        <Paper withBorder p="md">
          <TableSkeleton rows={3} columns={5} />
        </Paper>
      ) : invitations.isError ? (
        <ErrorView
          title="Invitations could not be loaded"
          error={invitations.error}
          onRetry={() => void invitations.refetch()}
        />
      ) : (
        <InvitationsTable invitations={invitations.data.items} />
      )}
      <ProviderKeysSection />
      <SearchConsoleSection />
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
