// The visibility explorer (/{host}/{market}/competitive-analysis/ve, ROLE_VE): one host — a registrable
// domain, a host, or a host with a path — over every keyword of a market, for the header's date range. A
// search box picks another host and market; below it the domain summary and the keyword table with its CSV
// export, each with its own loading, empty and error state.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useVeDomains, useVeKeywords, VE_PAGE_SIZE, veCsvHref } from '../../api/use-visibility-explorer';
import type { VeSelection } from '../../api/use-visibility-explorer';
import { useFormat, useHref, useRoute } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { PageHeader } from '../../components/PageHeader';
import { CardsSkeleton, EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { buildPath } from '../../routes/match-route';
import { routeByName } from '../../routes/route-table';
import { useDateRangeStore } from '../../state/date-range-store';
import { useMarketStore } from '../../state/market-store';
import { MarketToolLinks } from '../market-tools/MarketToolLinks';
import { ExplorerSummary } from './ExplorerSummary';
import { HostSearch } from './HostSearch';
import { RankingKeywordsTable } from './RankingKeywordsTable';

function KeywordTable({ selection }: { selection: VeSelection }) {
  const [page, setPage] = useState(1);
  const keywords = useVeKeywords(selection, page);
  const f = useFormat();
  const body = keywords.isPending ? (
    <TableSkeleton columns={5} />
  ) : keywords.isError ? (
    <ErrorView
      title="The keywords could not be loaded"
      error={keywords.error}
      onRetry={() => void keywords.refetch()}
    />
  ) : keywords.data.total === 0 ? (
    <EmptyView title="No ranking keywords">
      The host ranks on no keyword at the start or end of the range.
    </EmptyView>
  ) : (
    <>
      <RankingKeywordsTable items={keywords.data.items} />
      <Group justify="space-between" mt="xs">
        <Text size="xs" c="dimmed">
          {f.integer(keywords.data.total)} keywords ranked at the start or the end of the range
        </Text>
        <Pagination
          size="sm"
          value={page}
          onChange={setPage}
          total={Math.max(1, Math.ceil(keywords.data.total / VE_PAGE_SIZE))}
        />
      </Group>
    </>
  );
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz={15} fw={600}>
          Ranking keywords
        </Title>
        <Button component="a" href={veCsvHref(selection, 'keywords')} download size="xs" variant="default">
          Export keywords (CSV)
        </Button>
      </Group>
      {body}
    </Card>
  );
}

function Explorer({ selection }: { selection: VeSelection }) {
  const summary = useVeDomains(selection);
  if (summary.isPending) return <CardsSkeleton count={4} />;
  if (summary.isError) {
    return (
      <ErrorView
        title="The explorer could not be loaded"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  if (summary.data.dates.length === 0) {
    return (
      <EmptyView title="No rankings in this range">
        The market has no SERP snapshot between the start and end of the date range.
      </EmptyView>
    );
  }
  return (
    <Stack gap="md">
      <ExplorerSummary data={summary.data} />
      <KeywordTable key={`${selection.market}/${selection.host}`} selection={selection} />
    </Stack>
  );
}

export function VisibilityExplorerPage() {
  const { params, locale } = useRoute();
  const href = useHref();
  const navigate = useNavigate();
  const startDate = useDateRangeStore((s) => s.startDate);
  const endDate = useDateRangeStore((s) => s.endDate);
  const host = params.host;
  const market = params.market;
  // On the search page (no market in the address) the search starts in the header's market.
  const headerMarket = useMarketStore((s) => s.market);
  const searchMarket = market ?? headerMarket;
  useBreadcrumb([{ label: 'Visibility' }, { label: 'Visibility explorer' }]);
  const explore = (h: string, m: string) =>
    void navigate(href(buildPath(routeByName('visibility-explorer'), { hosts: h, market: m }, locale)));
  return (
    <Stack gap="md">
      <PageHeader
        title={host ? `Visibility explorer: ${host}` : 'Visibility explorer'}
        description="How visible a domain, host or section of a site is over every keyword of a market."
        actions={host && market && <MarketToolLinks host={host} market={market} />}
      />
      <HostSearch
        key={`${host}/${searchMarket}`}
        host={host ?? ''}
        market={searchMarket}
        onExplore={explore}
      />
      {host && market ? (
        <Explorer selection={{ host, market, startDate, endDate }} />
      ) : (
        <EmptyView title="Choose a host and a market">
          Type a domain, host or host with a path, then pick a market.
        </EmptyView>
      )}
    </Stack>
  );
}
