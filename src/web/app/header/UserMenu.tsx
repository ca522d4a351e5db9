// The user menu: who is signed in and in which organisation, change password, API tokens for scripts, and
// sign out: POST to the logout URL, then a full load of the sign-in page, which drops every cached answer and
// store of the session.
import { useState } from 'react';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { AUTH_URLS } from '@contracts/auth';
import { describeError } from '../../api/client';
import { useLogout } from '../../api/use-session';
import { analytics } from '../../analytics/analytics-client';
import { ChevronDownIcon, KeyIcon, LogoutIcon, TerminalIcon } from '../../components/icons';
import { useModalStore } from '../../modals/modal-store';
import { useAuthStore } from '../../state/auth-store';
import { useSession } from '../session-context';
import { ApiTokensModal } from './ApiTokensModal';
import { ChangePasswordModal } from './ChangePasswordModal';
import classes from './UserMenu.module.css';

export function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[words.length - 1]![0]!).toUpperCase();
  return (words[0] ?? email).slice(0, 2).toUpperCase();
}

export function UserMenu() {
  const { user } = useSession();
  const authUrls = useAuthStore((s) => s.authUrls) ?? AUTH_URLS;
  const logout = useLogout();
  const openModal = useModalStore((s) => s.open);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [tokensOpen, setTokensOpen] = useState(false);

  const signOut = () =>
    logout.mutate(authUrls.logoutUrl, {
      onSuccess: () => {
        analytics.reset();
        window.location.assign(authUrls.loginUrl);
      },
      onError: (error) =>
        openModal('ALERT_MODAL', {
          title: 'Sign-out failed',
          text: `${describeError(error)} You are still signed in; try again in a moment.`,
          styles: { tone: 'danger' },
        }),
    });

  return (
    <>
      <Menu position="bottom-end" width={260} shadow="md">
        <Menu.Target>
          <UnstyledButton className={classes.target} aria-label={`Account menu for ${user.name}`}>
            <Group gap={8} wrap="nowrap">
              <Avatar size={28} radius="xl" color="brand">
                {initials(user.name, user.email)}
              </Avatar>
              <ChevronDownIcon size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)">
              {user.name}
            </Text>
            <Text size="xs" c="dimmed">
              {user.email}
            </Text>
            <Text size="xs" c="dimmed">
              {user.organisationName}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item leftSection={<KeyIcon size={15} />} onClick={() => setPasswordOpen(true)}>
            Change password
          </Menu.Item>
          <Menu.Item leftSection={<TerminalIcon size={15} />} onClick={() => setTokensOpen(true)}>
            API tokens
          </Menu.Item>
          <Menu.Item leftSection={<LogoutIcon size={15} />} onClick={signOut} disabled={logout.isPending}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <ApiTokensModal opened={tokensOpen} onClose={() => setTokensOpen(false)} />
    </>
  );
}
