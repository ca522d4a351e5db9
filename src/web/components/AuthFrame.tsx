// The frame of the signed-out pages (sign-in, invitation): the mark, a title and a centred card.
import type { ReactNode } from 'react';
import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Logo } from '../app/Logo';

export function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={400} gap="lg">
        <Group gap={10} justify="center">
          <Logo size={30} />
          <Text fw={700} fz={20}>
            Sightline
          </Text>
        </Group>
        <Paper withBorder shadow="xs" p="xl" component="main">
          <Stack gap={4} mb="lg">
            <Title order={1} fz={18}>
              {title}
            </Title>
            {subtitle && (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
