// The competitive matrix: the overview's hosts (rows) × the keyword tags or groups of the organisation's
// campaigns in the market (columns). A cell is the host's share of visibility among the label's keywords at
// the last snapshot date, shaded by size; its visibility score is in the cell's title. Columns sort from the
// keyboard (header buttons), like the other tables.
import { useMemo, useState } from 'react';
import { Table, Text, UnstyledButton } from '@mantine/core';
import type { MarketShareMatrixResponse } from '@contracts/market-share';
import { useFormat } from '../../app/route-context';
import { ArrowDownIcon, SortIcon } from '../../components/icons';
import { HostLabel } from './HostLabel';

type Row = MarketShareMatrixResponse['rows'][number];

/** px: a long host with its badges stays on one line. */
const HOST_WIDTH = 280;

/** Background of a cell: the share (0–100 %) as the opacity of the accent colour. */
function shade(share: number): string {
  const a = Math.min(1, share / 60) * 0.55;
  return `rgba(34, 139, 230, ${a.toFixed(3)})`;
}

export function CompetitiveMatrix({ data }: { data: MarketShareMatrixResponse }) {
  const f = useFormat();
  /** Column index sorted by (descending share), or null for the overview's order. */
  const [sortBy, setSortBy] = useState<number | null>(null);
  const rows = useMemo<Row[]>(
    () =>
      sortBy === null
        ? data.rows
        : [...data.rows].sort((a, b) => b.cells[sortBy]!.share - a.cells[sortBy]!.share),
    [data.rows, sortBy],
  );
  return (
    <Table.ScrollContainer minWidth={HOST_WIDTH + data.labels.length * 110}>
      <Table aria-label={`Share of visibility by keyword ${data.by === 'tags' ? 'tag' : 'group'}`} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={HOST_WIDTH}>
              <UnstyledButton onClick={() => setSortBy(null)} aria-label="Hosts in the overview's order">
                Host
              </UnstyledButton>
            </Table.Th>
            {data.labels.map((l, i) => (
              <Table.Th
                key={l.label}
                ta="right"
                aria-sort={sortBy === i ? 'descending' : 'none'}
                title={`${f.integer(l.keywords)} keywords · ${f.number(l.visibilityScore, { maximumFractionDigits: 0 })} clicks / month in all`}
              >
                <UnstyledButton
                  onClick={() => setSortBy(sortBy === i ? null : i)}
                  fz="sm"
                  fw={600}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {l.label} {sortBy === i ? <ArrowDownIcon size={12} /> : <SortIcon size={12} />}
                </UnstyledButton>
                <Text size="xs" c="dimmed" fw={400}>
                  {f.integer(l.keywords)} kw
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.host}>
              <Table.Td miw={HOST_WIDTH}>
                <HostLabel h={r} />
              </Table.Td>
              {r.cells.map((c, i) => (
                <Table.Td
                  key={data.labels[i]!.label}
                  ta="right"
                  style={{ background: shade(c.share), fontVariantNumeric: 'tabular-nums' }}
                  title={`${r.host} on ${data.labels[i]!.label}: visibility score ${f.number(c.visibilityScore, { maximumFractionDigits: 1 })}`}
                  data-share={c.share}
                >
                  {c.share === 0 ? '–' : f.percent(c.share, 1)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
