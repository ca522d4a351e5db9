// The market explorer (/market-explorer/existing/url/keywords, ROLE_MS_ALL; host, time and market in the
// query string): the keywords a URL or host ranks for in a market, with position, URL, volume, visibility
// score and their change over `time`, paged, with the CSV export.
import { useState } from 'react';
import { Group, Pagination, Text } from '@mantine/core';
import {
  MARKET_EXPLORER_PAGE_SIZE,
  marketExplorerCsvHref,
  useMarketExplorer,
  type MarketToolSelection,
} from '../../api/use-market-tools';
import { useFormat } from '../../app/route-context';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { RankingKeywordsTable } from '../visibility-explorer/RankingKeywordsTable';
import { MarketToolScreen, ResultCard } from './MarketToolScreen';

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
    <ResultCard
      title="Ranking keywords"
      csvHref={marketExplorerCsvHref(selection)}
      csvLabel="Export a year of keywords (CSV)"
    >
      {body}
    </ResultCard>
  );
}

export function MarketExplorerPage() {
  return (
    <MarketToolScreen
      route="market-explorer"
      title="Market explorer"
      description="The keywords a URL or host ranks for in a market, and how they moved over the period."
      submitLabel="Show keywords"
    >
      {(selection) => (
        <Keywords key={`${selection.host}/${selection.market}/${selection.time}`} selection={selection} />
      )}
    </MarketToolScreen>
  );
}
