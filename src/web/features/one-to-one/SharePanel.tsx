// Read-only share links (ROLE_MS_ALL): make one for the comparison on screen with a chosen life (1–90 days),
// copy its address, and see and revoke the organisation's links. Someone opening a link sees that one
// comparison and nothing else, until it expires or is revoked.
import { useState } from 'react';
import { Accordion, Button, Group, Select, Stack, Text } from '@mantine/core';
import { SHARE_DAY_CHOICES } from '@contracts/one-to-one';
import { describeError } from '../../api/client';
import {
  useCreateShareLink,
  useRevokeShareLink,
  useShareLinks,
  type OneToOneSelection,
} from '../../api/use-one-to-one';
import { absoluteLink, ShareAddressField } from '../../components/ShareAddressField';
import { ShareLinksTable } from '../../components/ShareLinksTable';

function LinkList() {
  return (
    <ShareLinksTable
      links={useShareLinks()}
      revoke={useRevokeShareLink()}
      canRevoke
      label="Share links of your organisation"
      empty="Your organisation has no share links yet."
      opens={{
        header: 'Comparison',
        cell: (l) => `${l.hosts[0]} vs ${l.hosts[1]} · ${l.market}`,
      }}
      revokeLabel={(l) => `Revoke the share link of ${l.hosts[0]} vs ${l.hosts[1]}`}
      testId={(l) => `share-link-${l.id}`}
    />
  );
}

export function SharePanel({ selection }: { selection: OneToOneSelection }) {
  const [days, setDays] = useState<string>('7');
  const create = useCreateShareLink();
  return (
    <Accordion variant="contained">
      <Accordion.Item value="share">
        <Accordion.Control>Share read-only</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              A share link shows this comparison ({selection.hosts[0]} vs {selection.hosts[1]} in{' '}
              {selection.market}) and its two exports to anyone who has it, without an account, and nothing
              else. The viewer may pick the period. Revoke it here at any time.
            </Text>
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
              <Button
                loading={create.isPending}
                onClick={() =>
                  create.mutate({ hosts: selection.hosts, market: selection.market, days: Number(days) })
                }
              >
                Create share link
              </Button>
              {create.data && (
                <ShareAddressField value={absoluteLink(create.data.url)} label="New share link address" />
              )}
            </Group>
            {create.isError && (
              <Text size="sm" c="red" role="alert">
                {describeError(create.error)}
              </Text>
            )}
            <LinkList />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
