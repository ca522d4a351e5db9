// The keyword ranking table of one host (the explorer's ranking/keywords rows): keyword, volume, position and
// its change, URL, visibility score and its change. Shared by the visibility explorer and the market explorer.
// On a phone it scrolls sideways inside its card rather than widening the page.
import { Table } from '@mantine/core';
import type { VeKeywordRow } from '@contracts/visibility-explorer';
import { useFormat } from '../../app/route-context';
import { PlacesMoved, placesUp } from '../../components/PlacesMoved';
import { deltaColour, formatDelta } from '../campaign-visibility/tables/ranking-shared';

export function RankingKeywordsTable({ items }: { items: readonly VeKeywordRow[] }) {
  const f = useFormat();
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table aria-label="Ranking keywords" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keyword</Table.Th>
            <Table.Th ta="right">Search volume</Table.Th>
            <Table.Th ta="right">Position</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
            <Table.Th>URL</Table.Th>
            <Table.Th ta="right">Visibility score</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((k) => (
            <Table.Tr key={k.keyword}>
              <Table.Td>{k.keyword}</Table.Td>
              <Table.Td ta="right">{k.searchVolume === null ? '—' : f.integer(k.searchVolume)}</Table.Td>
              <Table.Td ta="right">{k.position ?? '—'}</Table.Td>
              <Table.Td ta="right">
                <PlacesMoved up={placesUp(k.positionDeltas)} format={f} />
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{k.url ?? '—'}</Table.Td>
              <Table.Td ta="right">{f.number(k.visibilityScore, { maximumFractionDigits: 1 })}</Table.Td>
              <Table.Td ta="right" c={deltaColour(k.visibilityScoreDeltas)}>
                {formatDelta(k.visibilityScoreDeltas, 'delta', f)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
