// The tables of every screen: TanStack Table for sorting and filtering, Mantine for looks, and TanStack
// Virtual once a table is long, so thousands of rows stay smooth. Sort headers are buttons with aria-sort;
// cells hold real links, so a keyboard user tabs through a table like through a page.
import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import type { ColumnDef, RowData, SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Group, ScrollArea, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { GlossaryName } from '../modals/glossaries';
import { GlossaryButton } from './GlossaryButton';
import { ArrowDownIcon, ArrowUpIcon, SearchIcon, SortIcon } from './icons';
import classes from './DataTable.module.css';

declare module '@tanstack/react-table' {
  // Declaration merging must repeat the library's type parameters even though these fields do not use them.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-aligned, tabular figures. */
    numeric?: boolean;
    /** Fixed width in px. */
    width?: number;
    /** Centred header and cells (checkbox columns). */
    center?: boolean;
  }
}

/** Rows beyond which only the visible rows are rendered. */
export const VIRTUALISE_ABOVE = 150;
const ROW_HEIGHT = 37; // px, one line of size-sm text with xs vertical spacing
const VIRTUAL_HEIGHT = 600; // px of scroll area for a virtualised table

export interface DataTableProps<T> {
  /** Accessible name of the table, shown as its heading. */
  title: string;
  data: T[];
  columns: ColumnDef<T>[];
  glossary?: GlossaryName;
  initialSorting?: SortingState;
  getRowId?: (row: T) => string;
  /** Shows a filter box that searches every column's text. */
  filterPlaceholder?: string;
  /** Shown instead of the table when `data` is empty. */
  empty?: ReactNode;
  /** Extra controls on the right of the toolbar. */
  toolbar?: ReactNode;
}

export function DataTable<T>({
  title,
  data,
  columns,
  glossary,
  initialSorting = [],
  getRowId,
  filterPlaceholder,
  empty,
  toolbar,
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [globalFilter, setGlobalFilter] = useState('');
  const table = useReactTable({
    data,
    columns,
    state: { sorting, globalFilter },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    globalFilterFn: 'includesString',
    getRowId,
  });
  const rows = table.getRowModel().rows;
  const virtual = rows.length > VIRTUALISE_ABOVE;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const visibleRows = virtual ? items.map((i) => rows[i.index]!) : rows;
  const headingId = useMemo(() => `table-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, [title]);
  const columnCount = table.getVisibleLeafColumns().length;

  return (
    <div className={classes.wrapper}>
      <Group justify="space-between" className={classes.toolbar} gap="xs">
        <Group gap={4} wrap="nowrap">
          <Text component="h2" id={headingId} fw={600} size="sm">
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {data.length > 0 &&
              `(${rows.length === data.length ? data.length : `${rows.length} of ${data.length}`})`}
          </Text>
          {glossary && <GlossaryButton storeName={glossary} label={title} />}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {filterPlaceholder && data.length > 0 && (
            <TextInput
              size="xs"
              w={220}
              leftSection={<SearchIcon size={14} />}
              placeholder={filterPlaceholder}
              aria-label={`Filter ${title}`}
              value={globalFilter}
              onChange={(e) => setGlobalFilter(e.currentTarget.value)}
            />
          )}
          {toolbar}
        </Group>
      </Group>
      {data.length === 0 && empty ? (
        empty
      ) : (
        <ScrollArea.Autosize
          mah={virtual ? VIRTUAL_HEIGHT : undefined}
          viewportRef={scrollRef}
          type="auto"
          offsetScrollbars="present"
        >
          <Table
            aria-labelledby={headingId}
            aria-rowcount={virtual ? rows.length + 1 : undefined}
            stickyHeader
            highlightOnHover
            className={classes.table}
          >
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => {
                    const meta = header.column.columnDef.meta;
                    const sorted = header.column.getIsSorted();
                    const label = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <Table.Th
                        key={header.id}
                        w={meta?.width}
                        ta={meta?.numeric ? 'right' : meta?.center ? 'center' : undefined}
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                        }
                      >
                        {header.column.getCanSort() ? (
                          <UnstyledButton
                            className={classes.sort}
                            onClick={header.column.getToggleSortingHandler()}
                            data-numeric={meta?.numeric || undefined}
                          >
                            {label}
                            {sorted === 'asc' ? (
                              <ArrowUpIcon size={12} />
                            ) : sorted === 'desc' ? (
                              <ArrowDownIcon size={12} />
                            ) : (
                              <SortIcon size={12} className={classes.idle} />
                            )}
                          </UnstyledButton>
                        ) : (
                          label
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {padTop > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={columnCount} style={{ height: padTop, padding: 0, border: 0 }} />
                </tr>
              )}
              {visibleRows.map((row) => (
                <Table.Tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td
                      key={cell.id}
                      className={cell.column.columnDef.meta?.numeric ? classes.numeric : undefined}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {padBottom > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={columnCount} style={{ height: padBottom, padding: 0, border: 0 }} />
                </tr>
              )}
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columnCount}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      No rows match “{globalFilter}”. Clear the filter to see all {data.length}.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </div>
  );
}
