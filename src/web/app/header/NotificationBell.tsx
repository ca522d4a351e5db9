// The header bell (issue 31 item 6): the unread count of the signed-in user's notifications (assignments and
// @mentions on tasks, fired alerts of issue 29 item 7) and, on click, the latest ones; opening one marks it
// read and shows the task, or the campaign's Alerts view.
import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import { useMarkNotificationsRead, useNotifications } from '../../api/use-notifications';
import { BellIcon } from '../../components/icons';
import { useFormat } from '../route-context';

export function NotificationBell() {
  const notifications = useNotifications();
  const mark = useMarkNotificationsRead();
  const navigate = useNavigate();
  const format = useFormat();
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items ?? [];
  return (
    <Popover position="bottom-end" width={320} shadow="md" withinPortal>
      <Popover.Target>
        <Indicator
          label={unread > 99 ? '99+' : unread}
          size={16}
          disabled={unread === 0}
          color="red"
          offset={4}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread === 0 ? 'Notifications' : `Notifications: ${unread} unread`}
          >
            <BellIcon size={18} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" mb="xs" px={4}>
          <Text size="sm" fw={600}>
            Notifications
          </Text>
          {unread > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={() => mark.mutate({ all: true })}>
              Mark all read
            </Button>
          )}
        </Group>
        {notifications.isError && (
          <Text size="sm" c="red" px={4}>
            Notifications could not be loaded.
          </Text>
        )}
        {!notifications.isError && items.length === 0 && (
          <Text size="sm" c="dimmed" px={4} py="sm">
            Nothing yet: you are told here when a task is assigned to you, a comment mentions you or an alert
            fires.
          </Text>
        )}
        <ScrollArea.Autosize mah={360}>
          <Stack gap={2}>
            {items.map((n) => (
              <UnstyledButton
                key={n.id}
                p={6}
                style={{
                  borderRadius: 4,
                  background: n.readAt === null ? 'var(--mantine-color-blue-0)' : undefined,
                }}
                onClick={() => {
                  if (n.readAt === null) mark.mutate({ ids: [n.id] });
                  void navigate(
                    n.alert === null
                      ? `/tasks?task=${n.taskId}`
                      : `/${n.alert.campaignId}/rankings/rank-tracking?view=alerts`,
                  );
                }}
              >
                <Text size="sm" fw={n.readAt === null ? 600 : 400} lineClamp={2}>
                  {n.alert !== null
                    ? `Alert: ${n.alert.title}`
                    : `${n.kind === 'assigned' ? 'Assigned to you: ' : 'You were mentioned: '}${n.taskTitle ?? ''}`}
                </Text>
                <Text size="xs" c="dimmed">
                  {format.dateTime(n.createdAt)}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
