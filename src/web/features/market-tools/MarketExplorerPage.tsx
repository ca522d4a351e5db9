// The market explorer (/market-explorer/existing/url/keywords, ROLE_MS_ALL; host, time and market in the
// query string): the keywords a URL or host ranks for in a market, with position, URL, volume, visibility
// score and their change over `time`, paged, with the CSV export.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import type { TimeSpan } from '@core/date-range';
import {
  MARKET_EXPLORER_PAGE_SIZE,
  marketExplorerCsvHref,
  useMarketExplorer,
  type MarketToolSelection,
} from '../../api/use-market-tools';
import { useFormat, useRoute } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { HostMarketTimeForm, timeSpanOf } from '../../components/HostMarketTimeForm';
import { PageHeader } from '../../components/PageHeader';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { RankingKeywordsTable } from '../visibility-explorer/RankingKeywordsTable';
import { marketToolHref } from './market-tool-href';
import { MarketToolLinks } from './MarketToolLinks';

function Keywords({ selection }: { selection: MarketToolSelection }) {
  const [page, setPage] = useState(1);
  const result = useMarketExplorer(selection, page);
  const f = useFormat();
  const body = result.isPending ? (
    <TableSkeleton columns={7} />
  ) : result.isError ? (
    <ErrorView
      title="The keywords could not be loaded"
      error={result.error}
      onRetry={() => void result.refetch()}
    />
  ) : result.data.total === 0 ? (
    <EmptyView title="No ranking keywords">
      The host ranks on no keyword of {selection.market} at the start or the end of the period. Try a longer
      period, or the registrable domain instead of a host or path.
    </EmptyView>
  ) : (
    <>
      <RankingKeywordsTable items={result.data.items} />
      <Group justify="space-between" mt="xs">
        <Text size="xs" c="dimmed">
          {f.integer(result.data.total)} keywords ranked on {f.date(result.data.start!)} or{' '}
          {f.date(result.data.end!)}; changes are from the first date to the second.
        </Text>
        <Pagination
          size="sm"
          value={page}
          onChange={setPage}
          total={Math.max(1, Math.ceil(result.data.total / MARKET_EXPLORER_PAGE_SIZE))}
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
        <Button component="a" href={marketExplorerCsvHref(selection)} download size="xs" variant="default">
          Export a year of keywords (CSV)
        </Button>
      </Group>
      {body}
    </Card>
  );
}

export function MarketExplorerPage() {
  const { params, locale } = useRoute();
  const navigate = useNavigate();
  const host = params.host;
  const market = params.market;
  const time = timeSpanOf(params.time);
  useBreadcrumb([{ label: 'Market share' }, { label: 'Market explorer' }]);
  const show = (h: string, m: string, t: TimeSpan) =>
    void navigate(marketToolHref('market-explorer', { host: h, market: m, time: t }, locale));
  return (
    <Stack gap="md">
      <PageHeader
        title={host ? `Market explorer: ${host}` : 'Market explorer'}
        description="The keywords a URL or host ranks for in a market, and how they moved over the period."
        actions={
          host &&
          market && <MarketToolLinks host={host} market={market} time={time} current="market-explorer" />
        }
      />
      <HostMarketTimeForm
        host={host ?? ''}
        market={market}
        time={time}
        submitLabel="Show keywords"
        onShow={show}
      />
      {host && market ? (
        <Keywords key={`${host}/${market}/${time}`} selection={{ host, market, time }} />
      ) : (
        <EmptyView title="Choose a host and a market">
          Type a URL, host or registrable domain, pick a market, and how far back to compare (a year by
          default).
        </EmptyView>
      )}
    </Stack>
  );
}
