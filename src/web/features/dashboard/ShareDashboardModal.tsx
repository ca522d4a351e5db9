// Share a dashboard read-only (issue 31 item 2): make a link that lives 1, 7, 30 or 90 days, copy its
// address, and see and revoke the dashboard's links. Whoever may change the dashboard makes and revokes them;
// others see the list. Someone opening a link sees this dashboard's widgets and nothing else, without an
// account, until it expires or is revoked.
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { SHARE_DAY_CHOICES } from '@contracts/dashboard-share-links';
import type { Dashboard } from '@contracts/dashboards';
import { describeError } from '../../api/client';
import {
  useCreateDashboardShareLink,
  useDashboardShareLinks,
  useRevokeDashboardShareLink,
} from '../../api/use-dashboard-share-links';
import { absoluteLink, ShareAddressField } from '../../components/ShareAddressField';
import { ShareLinksTable } from '../../components/ShareLinksTable';

function LinkList({ dashboard }: { dashboard: Dashboard }) {
  return (
    <ShareLinksTable
      links={useDashboardShareLinks(dashboard.id)}
      revoke={useRevokeDashboardShareLink(dashboard.id)}
      canRevoke={dashboard.editable}
      label="Share links of this dashboard"
      empty="This dashboard has no share links yet."
      revokeLabel={(l) => `Revoke share link ${l.id}`}
      testId={(l) => `dashboard-share-link-${l.id}`}
    />
  );
}

export function ShareDashboardModal({ dashboard, onClose }: { dashboard: Dashboard; onClose: () => void }) {
  const [days, setDays] = useState<string>('7');
  const create = useCreateDashboardShareLink(dashboard.id);
  return (
    <Modal opened onClose={onClose} title={`Share “${dashboard.name}” read-only`} size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A share link shows this dashboard’s widgets, as they are when opened, to anyone who has it, without
          an account, and nothing else: no other dashboard, campaign or screen. It stops working when it
          expires or is revoked here.
        </Text>
        {dashboard.editable ? (
          <Group align="flex-end" gap="xs">
            <Select
              label="Expires after"
              data={SHARE_DAY_CHOICES.map((d) => ({
                value: String(d),
                label: d === 1 ? '1 day' : `${d} days`,
              }))}
              value={days}
              onChange={(v) => setDays(v ?? '7')}
              allowDeselect={false}
              w={140}
            />
            <Button loading={create.isPending} onClick={() => create.mutate(Number(days))}>
              Create share link
            </Button>
            {create.data && (
              <ShareAddressField
                value={absoluteLink(create.data.url)}
                label="New share link address"
                w={380}
              />
            )}
          </Group>
        ) : (
          <Text size="sm">Only the person who made this dashboard, or an administrator, can share it.</Text>
        )}
        {create.isError && (
          <Text size="sm" c="red" role="alert">
            {describeError(create.error)}
          </Text>
        )}
        <LinkList dashboard={dashboard} />
      </Stack>
    </Modal>
  );
}
