// The organisation's users with one checkbox per role (role descriptions as tooltips) and disable/enable.
// An administrator cannot take ROLE_ADMIN from, or disable, their own account; those controls say why.
import { useMemo } from 'react';
import { Alert, Badge, Button, Checkbox, CloseButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminUser } from '@contracts/admin';
import { ROLE_DESCRIPTIONS, ROLES } from '@core/roles';
import type { Role } from '@core/roles';
import { describeError } from '../../api/client';
import { useSetUserDisabled, useSetUserRoles } from '../../api/use-admin';
import { DataTable } from '../../components/DataTable';
import { ROLE_SHORT_LABELS } from './role-labels';
import classes from './UsersTable.module.css';

interface Props {
  users: AdminUser[];
  currentUserId: number;
}

export function UsersTable({ users, currentUserId }: Props) {
  const setRoles = useSetUserRoles();
  const setDisabled = useSetUserDisabled();
  const busyUser = setRoles.isPending
    ? setRoles.variables?.userId
    : setDisabled.isPending
      ? setDisabled.variables?.userId
      : undefined;

  const columns = useMemo<ColumnDef<AdminUser>[]>(() => {
    const toggleRole = (user: AdminUser, role: Role, on: boolean) => {
      const next = ROLES.filter((r) => (r === role ? on : user.roles.includes(r)));
      setRoles.mutate({ userId: user.id, roles: next });
    };
    return [
      {
        id: 'user',
        header: 'User',
        accessorFn: (u) => `${u.name} ${u.email}`,
        cell: ({ row }) => (
          <Stack gap={0} miw={180}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={500}>
                {row.original.name}
              </Text>
              {row.original.id === currentUserId && (
                <Badge size="xs" variant="light" color="gray">
                  You
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {row.original.email}
            </Text>
          </Stack>
        ),
      },
      ...ROLES.map((role): ColumnDef<AdminUser> => ({
        id: role,
        header: () => (
          <Tooltip label={`${role}: ${ROLE_DESCRIPTIONS[role]}`}>
            <span className={classes.vertical} tabIndex={0}>
              {ROLE_SHORT_LABELS[role]}
            </span>
          </Tooltip>
        ),
        accessorFn: (u) => (u.roles.includes(role) ? 1 : 0),
        enableSorting: false,
        meta: { center: true, width: 40 },
        cell: ({ row }) => {
          const user = row.original;
          const own = user.id === currentUserId && role === 'ROLE_ADMIN';
          const box = (
            <Checkbox
              size="xs"
              checked={user.roles.includes(role)}
              onChange={(e) => toggleRole(user, role, e.currentTarget.checked)}
              disabled={own || busyUser === user.id}
              aria-label={`${role} for ${user.name}`}
            />
          );
          return (
            <Group justify="center">
              {own ? (
                <Tooltip label="You cannot remove ROLE_ADMIN from yourself">{<span>{box}</span>}</Tooltip>
              ) : (
                box
              )}
            </Group>
          );
        },
      })),
      {
        id: 'status',
        header: 'Status',
        accessorFn: (u) => (u.disabled ? 'Disabled' : 'Active'),
        cell: ({ row }) =>
          row.original.disabled ? (
            <Badge size="sm" variant="light" color="red">
              Disabled
            </Badge>
          ) : (
            <Badge size="sm" variant="light" color="teal">
              Active
            </Badge>
          ),
      },
      {
        id: 'action',
        header: '',
        enableSorting: false,
        cell: ({ row }) => {
          const user = row.original;
          const self = user.id === currentUserId;
          const button = (
            <Button
              size="compact-xs"
              variant="default"
              color={user.disabled ? undefined : 'red'}
              disabled={self || busyUser === user.id}
              onClick={() => setDisabled.mutate({ userId: user.id, disabled: !user.disabled })}
              aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.name}`}
            >
              {user.disabled ? 'Enable' : 'Disable'}
            </Button>
          );
          return self ? (
            <Tooltip label="You cannot disable your own account">
              <span>{button}</span>
            </Tooltip>
          ) : (
            button
          );
        },
      },
    ];
  }, [currentUserId, busyUser, setRoles, setDisabled]);

  const failure = setRoles.isError ? setRoles.error : setDisabled.isError ? setDisabled.error : null;
  return (
    <Stack gap="xs">
      {failure !== null && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="The change was not saved"
          withCloseButton={false}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{describeError(failure)} The table shows what is stored.</Text>
            <CloseButton
              size="sm"
              aria-label="Dismiss"
              onClick={() => {
                setRoles.reset();
                setDisabled.reset();
              }}
            />
          </Group>
        </Alert>
      )}
      <DataTable
        title="Users"
        data={users}
        columns={columns}
        glossary="users"
        getRowId={(u) => String(u.id)}
        initialSorting={[{ id: 'user', desc: false }]}
        filterPlaceholder="Filter users"
      />
    </Stack>
  );
}
