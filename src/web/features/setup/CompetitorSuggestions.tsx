// Competitor suggestions: the domains that rank most on the campaign's keywords in its stored SERPs (at the
// latest snapshot), with their visibility, each added as a competitor with one click. Without keywords or
// without stored rankings for them there is nothing to suggest yet, and the panel says what to do.
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CampaignDetail } from '@contracts/workspace';
import { useAddDomain, useCompetitorSuggestions } from '../../api/use-campaign-setup';
import { useFormat, useHref } from '../../app/route-context';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { fieldError } from './setup-errors';

export function CompetitorSuggestions({ campaign }: { campaign: CampaignDetail }) {
  const suggestions = useCompetitorSuggestions(campaign.id);
  const add = useAddDomain(campaign.id);
  const format = useFormat();
  const href = useHref();

  // A domain just added leaves the list at once, before the suggestions are read again.
  const tracked = new Set(campaign.domains.map((d) => d.value));
  const items = (suggestions.data?.items ?? []).filter(
    (s) => !tracked.has(s.domain) && !(add.isSuccess && add.variables.value === s.domain),
  );
  let body;
  if (suggestions.isPending) body = <TableSkeleton rows={4} columns={4} />;
  else if (suggestions.isError) {
    body = (
      <ErrorView
        title="Suggestions could not be loaded"
        error={suggestions.error}
        onRetry={() => void suggestions.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyView
        title="No suggestions yet"
        action={
          <Anchor component={Link} to={href(`/imports?campaign=${campaign.id}`)} size="sm">
            Import SERPs for this campaign
          </Anchor>
        }
      >
        {campaign.keywords === 0
          ? 'Suggestions come from the search results of the campaign’s keywords, and it has none yet: add keywords first.'
          : suggestions.data.date === null
            ? `None of the campaign’s ${format.integer(campaign.keywords)} keywords has search results stored in ${campaign.market} yet. Import SERPs for them (or schedule rank checks); the domains ranking most then appear here.`
            : 'Every domain that ranks on these keywords is tracked already.'}
      </EmptyView>
    );
  } else {
    const pendingDomain = add.isPending ? add.variables.value : null;
    body = (
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Competitor suggestions" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Domain</Table.Th>
              <Table.Th ta="right">Keywords ranking</Table.Th>
              <Table.Th ta="right">Visibility</Table.Th>
              <Table.Th ta="right">Visibility score</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((s) => (
              <Table.Tr key={s.domain}>
                <Table.Td ff="monospace" fz="sm">
                  {s.domain}
                </Table.Td>
                <Table.Td ta="right">{format.integer(s.keywords)}</Table.Td>
                <Table.Td ta="right">{format.percent(s.visibility, 2)}</Table.Td>
                <Table.Td ta="right">
                  {format.number(s.visibilityScore, { maximumFractionDigits: 1 })}
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-xs"
                    variant="light"
                    loading={pendingDomain === s.domain}
                    disabled={add.isPending && pendingDomain !== s.domain}
                    onClick={() => add.mutate({ value: s.domain, own: false })}
                    aria-label={`Add ${s.domain} as a competitor`}
                  >
                    Add
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={3} size="h5">
            Suggested competitors
          </Title>
          {suggestions.data?.date && (
            <Text size="xs" c="dimmed">
              Ranking most on this campaign’s keywords on {format.date(suggestions.data.date)}
            </Text>
          )}
        </Group>
        {add.isError && (
          <Text size="sm" c="red" role="alert">
            {fieldError(add.error)}
          </Text>
        )}
        {body}
      </Stack>
    </Paper>
  );
}
