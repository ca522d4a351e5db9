// The public demo (/demo, no session): a visitor searches a domain in a market and sees a limited explorer
// summary, within a free allowance. A host without rankings opens NO_DATA_FOUND; a search past the
// allowance answers 402, which selects LIMIT_REACHED through the user status (spec §4), from where the
// visitor can switch to SET_UP_A_CALL; "Set up a call" opens that dialog directly too.
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Container,
  Group,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import type { DemoSummary } from '@contracts/demo';
import { parseHostFilter } from '@core/host-match';
import { describeError, isApiError } from '../../api/client';
import { useDemoSearch, useDemoStatus } from '../../api/use-demo-search';
import { useVeAutocomplete } from '../../api/use-visibility-explorer';
import { Logo } from '../../app/Logo';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { useModalStore } from '../../modals/modal-store';
import { useUserStore } from '../../state/user-store';
import { DemoResult } from './DemoResult';

export function DemoPage() {
  useBreadcrumb([{ label: 'Demo' }]);
  const status = useDemoStatus();
  const search = useDemoSearch();
  const openModal = useModalStore((s) => s.open);
  const [domain, setDomain] = useState('');
  const [picked, setMarket] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  // The last summary found stays on screen under later dialogs (no data, limit reached).
  const [summary, setSummary] = useState<DemoSummary | null>(null);
  const markets = status.data?.markets ?? [];
  // The first market until the visitor picks one.
  const market = picked ?? markets[0]?.code ?? null;
  const suggestions = useVeAutocomplete(market, domain);

  const setUpCall = () => useUserStore.getState().setStatusCode('SET_UP_A_CALL');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseHostFilter(domain.trim());
    if (parsed === null) {
      setInvalid('Enter a domain such as example.com, a host, or a host with a path');
      return;
    }
    if (market === null) return;
    setInvalid(null);
    search.mutate(
      { domain: parsed.value, market },
      {
        onSuccess: (answer) => {
          if (answer.summary !== null) setSummary(answer.summary);
          if (answer.status === 'NO_DATA_FOUND') {
            openModal('NO_DATA_FOUND', {
              message: `${parsed.value} does not rank for any keyword we track in this market.`,
              suggestion: 'Try the site’s main domain, or another market.',
            });
          }
        },
      },
    );
  };

  const allowance = status.data;
  const left = allowance ? Math.max(0, allowance.searchLimit - allowance.searchesUsed) : null;
  const failure =
    search.error && !(isApiError(search.error) && search.error.status === 402) ? search.error : null;

  return (
    <Container size="lg" py="lg" component="main">
      <Group justify="space-between" mb="lg">
        <Group gap={10}>
          <Logo size={28} />
          <Text fw={700} fz={20}>
            Sightline
          </Text>
        </Group>
        <Group gap="sm">
          <Anchor component={Link} to="/login" size="sm">
            Sign in
          </Anchor>
          <Button variant="light" onClick={setUpCall}>
            Set up a call
          </Button>
        </Group>
      </Group>
      <Stack gap="md">
        <div>
          <Title order={1} fz={26}>
            How visible is a site in search?
          </Title>
          <Text c="dimmed">
            Enter a domain and a market to see its visibility over the last six months and its top keywords.
          </Text>
        </div>
        <form onSubmit={submit} aria-label="Demo search" noValidate>
          <Group align="flex-start" gap="xs" wrap="wrap">
            <Autocomplete
              label="Domain"
              placeholder="example.com"
              value={domain}
              onChange={setDomain}
              data={(suggestions.data?.items ?? []).map((i) => i.value)}
              error={invalid}
              w={320}
              data-autofocus
            />
            <Select
              label="Market"
              data={markets.map((m) => ({ value: m.code, label: m.name }))}
              value={market}
              onChange={setMarket}
              allowDeselect={false}
              w={240}
            />
            <Button type="submit" mt={25} loading={search.isPending} disabled={market === null}>
              Search
            </Button>
          </Group>
        </form>
        {allowance && left !== null && (
          <Text size="sm" c="dimmed" data-testid="demo-allowance">
            {allowance.limitReached
              ? 'You have used your free searches.'
              : `${left} of ${allowance.searchLimit} free searches left.`}
          </Text>
        )}
        {allowance?.limitReached && (
          <Alert color="blue" variant="light" title="Want to see more?">
            <Group justify="space-between">
              <Text size="sm">Set up a call and we will show you everything Sightline measures.</Text>
              <Button size="xs" onClick={setUpCall}>
                Set up a call
              </Button>
            </Group>
          </Alert>
        )}
        {status.error && (
          <Alert color="red" variant="light" title="The demo is not available">
            {describeError(status.error)}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" title="The search failed">
            {describeError(failure)}
          </Alert>
        )}
        {summary && <DemoResult data={summary} />}
      </Stack>
    </Container>
  );
}
