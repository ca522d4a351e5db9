// The page for an address the app does not know (including screens of modules not built yet).
import { Button, Center, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useHref } from '../../app/route-context';
import { Logo } from '../../app/Logo';

export function NotFoundPage() {
  const { pathname } = useLocation();
  const href = useHref();
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder p="xl" maw={460} w="100%">
        <Stack gap="sm" align="flex-start">
          <Logo size={28} />
          <Title order={1} fz={20}>
            Page not found
          </Title>
          <Text size="sm">
            Sightline does not know the address <Code>{pathname}</Code>. It may be mistyped, or belong to a
            part of the product this installation does not include.
          </Text>
          <Button component={Link} to={href('/')} mt="xs">
            Go to the home page
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
