// Recommendation (/recommendation/urls, ROLE_MS_ALL; host, time and market in the query string): the host's
// URLs ranked by opportunity — the monthly clicks a URL would gain by climbing three places on every keyword
// where it ranks 4–20 (DESIGN §3) — with the keywords behind each, its visibility score and change, and the
// CSV export.
import { useState } from 'react';
import { Group, Pagination, Table, Text } from '@mantine/core';
import type { RecommendationRow } from '@contracts/recommendation';
import {
  RECOMMENDATION_PAGE_SIZE,
  recommendationCsvHref,
  useRecommendation,
  type MarketToolSelection,
} from '../../api/use-market-tools';
import { useFormat } from '../../app/route-context';
import { ExpandableRow } from '../../components/ExpandableRow';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { deltaColour, formatDelta } from '../campaign-visibility/tables/ranking-shared';
import { MarketToolScreen, ResultCard } from './MarketToolScreen';

function Behind({ row }: { row: RecommendationRow }) {
  const f = useFormat();
  return (
    <Table aria-label={`Keywords behind ${row.url}`} withRowBorders={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Keyword</Table.Th>
          <Table.Th ta="right">Search volume</Table.Th>
          <Table.Th ta="right">Position</Table.Th>
          <Table.Th ta="right">Opportunity</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {row.behind.map((k) => (
          <Table.Tr key={k.keyword}>
            <Table.Td>{k.keyword}</Table.Td>
            <Table.Td ta="right">{f.integer(k.searchVolume)}</Table.Td>
            <Table.Td ta="right">{k.position}</Table.Td>
            <Table.Td ta="right">{f.number(k.gain, { maximumFractionDigits: 1 })}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Urls({ items }: { items: readonly RecommendationRow[] }) {
  const f = useFormat();
  return (
    // Scrolls sideways inside its card on a phone rather than widening the page.
    <Table.ScrollContainer minWidth={640} type="native">
      <Table aria-label="URLs by opportunity" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>URL</Table.Th>
            <Table.Th ta="right">Opportunity (clicks / month)</Table.Th>
            <Table.Th ta="right">Keywords 4–20</Table.Th>
            <Table.Th ta="right">Best position</Table.Th>
            <Table.Th ta="right">Visibility score</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r, i) => (
            <ExpandableRow
              key={r.url}
              id={`recommendation-url-${i}`}
              label={r.url}
              what="the keywords behind"
              columns={6}
              cells={
                <>
                  <Table.Td ta="right">{f.number(r.opportunity, { maximumFractionDigits: 1 })}</Table.Td>
                  <Table.Td ta="right">{f.integer(r.keywords)}</Table.Td>
                  <Table.Td ta="right">{r.bestPosition}</Table.Td>
                  <Table.Td ta="right">{f.number(r.visibilityScore, { maximumFractionDigits: 1 })}</Table.Td>
                  <Table.Td ta="right" c={deltaColour(r.visibilityScoreDeltas)}>
                    {formatDelta(r.visibilityScoreDeltas, 'delta', f)}
                  </Table.Td>
                </>
              }
              detail={<Behind row={r} />}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Results({ selection }: { selection: MarketToolSelection }) {
  const [page, setPage] = useState(1);
  const result = useRecommendation(selection, page);
  const f = useFormat();
  const body = result.isPending ? (
    <TableSkeleton columns={6} />
  ) : result.isError ? (
    <ErrorView
      title="The recommendation could not be loaded"
      error={result.error}
      onRetry={() => void result.refetch()}
    />
  ) : result.data.total === 0 ? (
    <EmptyView title="No URL to improve">
      No URL of the host ranks between 4 and 20 on a keyword with a known search volume in {selection.market}
      {result.data.date ? ` on ${f.date(result.data.date)}` : ''}.
    </EmptyView>
  ) : (
    <>
      <Urls items={result.data.items} />
      <Group justify="space-between" mt="xs">
        <Text size="xs" c="dimmed">
          {f.integer(result.data.total)} URLs worth{' '}
          {f.number(result.data.opportunity, { maximumFractionDigits: 0 })} clicks a month in all if each
          climbed three places, on {f.date(result.data.date!)}; changes since {f.date(result.data.start!)}.
        </Text>
        <Pagination
          size="sm"
          value={page}
          onChange={setPage}
          total={Math.max(1, Math.ceil(result.data.total / RECOMMENDATION_PAGE_SIZE))}
        />
      </Group>
    </>
  );
  return (
    <ResultCard
      title="URLs by opportunity"
      csvHref={recommendationCsvHref(selection)}
      csvLabel="Export URLs and keywords (CSV)"
    >
      {body}
    </ResultCard>
  );
}

export function RecommendationPage() {
  return (
    <MarketToolScreen
      route="recommendation"
      title="Recommendation"
      description="The host's URLs that would gain most by climbing three places on the keywords where they rank 4–20."
      submitLabel="Show URLs"
    >
      {(selection) => (
        <Results key={`${selection.host}/${selection.market}/${selection.time}`} selection={selection} />
      )}
    </MarketToolScreen>
  );
}
