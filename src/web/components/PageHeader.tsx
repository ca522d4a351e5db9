// The title block at the top of every screen: a heading, one line on what the screen is for, and actions —
// beside the title from Mantine's `sm` breakpoint, below it on a phone, where both would not fit in a row.
import type { ReactNode } from 'react';
import { Flex, Group, Stack, Text, Title } from '@mantine/core';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      align={{ base: 'flex-start', sm: 'flex-end' }}
      gap="sm"
      mb="md"
    >
      <Stack gap={2} miw={0}>
        {/* A long host in the title breaks rather than widening the page. */}
        <Title order={1} fz={20} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Flex>
  );
}
