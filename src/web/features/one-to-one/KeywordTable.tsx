// The comparison's keyword table: keyword, volume, each host's best position (with its URL and change) and
// keyword score (with its change since the start). Sorted and paged by the server, so the sort headers are
// buttons that ask for another order (aria-sort tells which one holds); links and buttons are reachable with
// the keyboard.
import { Anchor, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { OneToOneResponse, OneToOneRowBody, OneToOneSortField } from '@contracts/one-to-one';
import { useFormat } from '../../app/route-context';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from '../../components/icons';
import { PlacesMoved } from '../../components/PlacesMoved';
import classes from '../../components/DataTable.module.css';
import type { OneToOneTable } from '../../api/use-one-to-one';

type Cell = OneToOneRowBody['a'];

function Header({
  field,
  label,
  host,
  numeric,
  table,
  onSort,
}: {
  field: OneToOneSortField;
  label: string;
  /** The host a column is about, shown under the label (headers do not wrap, so it is cut short). */
  host?: string;
  numeric?: boolean;
  table: OneToOneTable;
  onSort: (field: OneToOneSortField) => void;
}) {
  const sorted = table.sortField === field ? table.sortDirection : null;
  return (
    <Table.Th
      ta={numeric ? 'right' : undefined}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
    >
      <UnstyledButton
        className={classes.sort}
        onClick={() => onSort(field)}
        data-numeric={numeric || undefined}
      >
        {host === undefined ? (
          label
        ) : (
          <Stack gap={0} title={`${label}: ${host}`}>
            <span>{label}</span>
            <Text span size="xs" c="dimmed" maw={150} truncate>
              {host}
            </Text>
          </Stack>
        )}
        {sorted === 'asc' ? (
          <ArrowUpIcon size={12} />
        ) : sorted === 'desc' ? (
          <ArrowDownIcon size={12} />
        ) : (
          <SortIcon size={12} className={classes.idle} />
        )}
      </UnstyledButton>
    </Table.Th>
  );
}

function PositionCell({ cell }: { cell: Cell }) {
  const f = useFormat();
  if (cell.position === null) {
    return (
      <Text size="sm" c="dimmed">
        not in top 100
      </Text>
    );
  }
  const moved = cell.positionStart === null ? 'new' : cell.positionStart - cell.position;
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {f.integer(cell.position)}
        </Text>
        <PlacesMoved up={moved} format={f} size="xs" />
      </Group>
      {cell.url && (
        <Anchor href={cell.url} target="_blank" rel="noreferrer noopener" size="xs" maw={220} truncate>
          {cell.url}
        </Anchor>
      )}
    </Stack>
  );
}

function ScoreCell({ cell }: { cell: Cell }) {
  const f = useFormat();
  const d = cell.scoreDeltas.delta;
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm">{f.number(cell.score, { maximumFractionDigits: 1 })}</Text>
      <Text size="xs" c={d > 0 ? 'teal' : d < 0 ? 'red' : 'dimmed'}>
        {d > 0 ? '+' : ''}
        {f.number(d, { maximumFractionDigits: 1 })}
      </Text>
    </Stack>
  );
}

export function KeywordTable({
  data,
  table,
  onSort,
}: {
  data: OneToOneResponse;
  table: OneToOneTable;
  onSort: (field: OneToOneSortField) => void;
}) {
  const f = useFormat();
  const [a, b] = [data.a.host.value, data.b.host.value];
  const head = { table, onSort };
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table aria-label="Keywords of the comparison" highlightOnHover className={classes.table} stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Header field="keyword" label="Keyword" {...head} />
            <Header field="searchVolume" label="Search volume" numeric {...head} />
            <Header field="aPosition" label="Position A" host={a} {...head} />
            <Header field="bPosition" label="Position B" host={b} {...head} />
            <Header field="aScore" label="Score A" host={a} numeric {...head} />
            <Header field="bScore" label="Score B" host={b} numeric {...head} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((r) => (
            <Table.Tr key={r.keyword}>
              <Table.Td miw={160}>{r.keyword}</Table.Td>
              <Table.Td className={classes.numeric}>
                {r.searchVolume === null ? 'unknown' : f.integer(r.searchVolume)}
              </Table.Td>
              <Table.Td>
                <PositionCell cell={r.a} />
              </Table.Td>
              <Table.Td>
                <PositionCell cell={r.b} />
              </Table.Td>
              <Table.Td className={classes.numeric}>
                <ScoreCell cell={r.a} />
              </Table.Td>
              <Table.Td className={classes.numeric}>
                <ScoreCell cell={r.b} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
