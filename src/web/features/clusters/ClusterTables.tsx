// The two cluster tables: one row per cluster (hub, keyword count, Σ search volume and the list's figures)
// and, behind the hub's expand button (ExpandableRow: keyboard-reachable, aria-expanded), the cluster's
// keywords in a nested table.
import type { ReactNode } from 'react';
import { Badge, Group, Table, Text } from '@mantine/core';
import type { ExistingClusterItem, NewClusterItem } from '@contracts/clusters';
import { useFormat, type Formatters } from '../../app/route-context';
import { ExpandableRow } from '../../components/ExpandableRow';
import { deltaColour, formatDelta } from '../campaign-visibility/tables/ranking-shared';

/** A column heading; numeric columns are right-aligned. */
type Column = { label: string; numeric?: boolean };

const volume = (v: number | null, f: Formatters) => (v === null ? '—' : f.integer(v));
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

function Head({ columns }: { columns: readonly Column[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c) => (
          <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined}>
            {c.label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

function ClusterTable<T extends { hub: string; keywords: unknown[]; searchVolume: number }>({
  name,
  columns,
  items,
  cells,
  memberColumns,
  member,
}: {
  name: string;
  /** Headings after Cluster, Keywords and Search volume. */
  columns: readonly Column[];
  items: readonly T[];
  cells: (c: T) => ReactNode;
  memberColumns: readonly Column[];
  member: (c: T) => ReactNode;
}) {
  const f = useFormat();
  const all = [
    { label: 'Cluster' },
    { label: 'Keywords', numeric: true },
    { label: 'Search volume', numeric: true },
  ];
  return (
    // Scrolls sideways inside its card on a phone (about 100 px a column) rather than widening the page.
    <Table.ScrollContainer minWidth={(all.length + columns.length) * 100} type="native">
      <Table aria-label={name} striped>
        <Head columns={[...all, ...columns]} />
        <Table.Tbody>
          {items.map((c, i) => (
            <ExpandableRow
              key={c.hub}
              id={`${name.replaceAll(' ', '-')}-${i}`}
              label={c.hub}
              what="the keywords of"
              columns={all.length + columns.length}
              cells={
                <>
                  <Table.Td ta="right">{f.integer(c.keywords.length)}</Table.Td>
                  <Table.Td ta="right">{f.integer(c.searchVolume)}</Table.Td>
                  {cells(c)}
                </>
              }
              detail={
                <Table aria-label={`Keywords of ${c.hub}`} withRowBorders={false}>
                  <Head columns={memberColumns} />
                  <Table.Tbody>{member(c)}</Table.Tbody>
                </Table>
              }
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ExistingTable({ items }: { items: ExistingClusterItem[] }) {
  const f = useFormat();
  return (
    <ClusterTable
      name="Clusters to optimise"
      columns={[
        { label: 'Best position', numeric: true },
        { label: 'URL' },
        { label: 'Visibility score', numeric: true },
        { label: 'Change', numeric: true },
      ]}
      items={items}
      cells={(c) => (
        <>
          <Table.Td ta="right">{c.bestPosition}</Table.Td>
          <Table.Td style={wrapAnywhere}>{c.url}</Table.Td>
          <Table.Td ta="right">{f.number(c.visibilityScore, { maximumFractionDigits: 1 })}</Table.Td>
          <Table.Td ta="right" c={deltaColour(c.visibilityScoreDeltas)}>
            {formatDelta(c.visibilityScoreDeltas, 'delta', f)}
          </Table.Td>
        </>
      )}
      memberColumns={[
        { label: 'Keyword' },
        { label: 'Search volume', numeric: true },
        { label: 'Position', numeric: true },
        { label: 'URL' },
      ]}
      member={(c) =>
        c.keywords.map((k) => (
          <Table.Tr key={k.keyword}>
            <Table.Td>{k.keyword}</Table.Td>
            <Table.Td ta="right">{volume(k.searchVolume, f)}</Table.Td>
            <Table.Td ta="right">{k.position ?? '—'}</Table.Td>
            <Table.Td style={wrapAnywhere}>{k.url ?? '—'}</Table.Td>
          </Table.Tr>
        ))
      }
    />
  );
}

export function NewTable({ items }: { items: NewClusterItem[] }) {
  const f = useFormat();
  return (
    <ClusterTable
      name="Clusters to write for"
      columns={[{ label: 'Competitors (best position)' }]}
      items={items}
      cells={(c) => (
        <Table.Td>
          <Group gap={4}>
            {c.competitors.map((x) => (
              <Badge key={x.domain} variant="light" tt="none">
                {x.domain} #{x.bestPosition}
              </Badge>
            ))}
          </Group>
        </Table.Td>
      )}
      memberColumns={[{ label: 'Keyword' }, { label: 'Search volume', numeric: true }]}
      member={(c) =>
        c.keywords.map((k) => (
          <Table.Tr key={k.keyword}>
            <Table.Td>{k.keyword}</Table.Td>
            <Table.Td ta="right">{volume(k.searchVolume, f)}</Table.Td>
          </Table.Tr>
        ))
      }
    />
  );
}

export function Hint({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}
