// The router's error element: a screen threw while rendering. Says so plainly and offers a reload.
import { Button, Center, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { logger } from '../lib/logger';

export function AppCrash() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  logger.error('screen failed to render', error);
  return (
    <Center mih="80vh" p="md">
      <Paper withBorder p="xl" maw={520}>
        <Stack gap="sm">
          <Title order={1} fz={20}>
            This page stopped working
          </Title>
          <Text size="sm">
            Sightline hit an error while drawing it: <Code>{message}</Code>. Reload to try again; your data is
            not affected.
          </Text>
          <Button onClick={() => window.location.reload()} w="fit-content">
            Reload
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
