// Pick keywords the campaign's market already knows (from imports or other campaigns), with their search
// volumes, largest first: search, tick (or tick every one shown) and add them; the campaign's own keywords
// are left out of the list.
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { CampaignDetail } from '@contracts/workspace';
import { useAddKeywords, useMarketKeywords } from '../../api/use-campaign-setup';
import { useFormat, useHref } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { SearchIcon } from '../../components/icons';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { toggled } from './selection';
import { fieldError } from './setup-errors';

interface MarketKeyword {
  keyword: string;
  searchVolume: number | null;
}

export function MarketKeywordPicker({ campaign }: { campaign: CampaignDetail }) {
  const format = useFormat();
  const href = useHref();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const keywords = useMarketKeywords(campaign.market, debounced, campaign.id);
  const add = useAddKeywords(campaign.id);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const items = useMemo(() => keywords.data?.items ?? [], [keywords.data]);
  const allShown = items.length > 0 && items.every((k) => picked.has(k.keyword));

  const columns = useMemo<ColumnDef<MarketKeyword>[]>(
    () => [
      {
        id: 'pick',
        header: '',
        enableSorting: false,
        cell: ({ row }) => (
          <Checkbox
            size="xs"
            checked={picked.has(row.original.keyword)}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setPicked((prev) => toggled(prev, [row.original.keyword], on));
            }}
            aria-label={`Pick ${row.original.keyword}`}
          />
        ),
        meta: { width: 40, center: true },
      },
      { id: 'keyword', header: 'Keyword', accessorFn: (k) => k.keyword },
      {
        id: 'searchVolume',
        header: 'Search volume',
        accessorFn: (k) => k.searchVolume ?? -1,
        cell: ({ row }) =>
          row.original.searchVolume === null ? '—' : format.integer(row.original.searchVolume),
        meta: { numeric: true },
      },
    ],
    [picked, format],
  );

  const submit = () =>
    add.mutate(
      { keywords: [...picked].map((keyword) => ({ keyword })) },
      { onSuccess: () => setPicked(new Set()) },
    );

  let table;
  if (keywords.isPending) table = <TableSkeleton rows={6} columns={3} />;
  else if (keywords.isError) {
    table = (
      <ErrorView
        title="The market's keywords could not be loaded"
        error={keywords.error}
        onRetry={() => void keywords.refetch()}
      />
    );
  } else {
    table = (
      <DataTable
        title={`Keywords of ${campaign.market}`}
        data={items}
        columns={columns}
        getRowId={(k) => k.keyword}
        toolbar={
          <Checkbox
            size="xs"
            label="Pick all shown"
            checked={allShown}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setPicked((prev) =>
                toggled(
                  prev,
                  items.map((k) => k.keyword),
                  on,
                ),
              );
            }}
            disabled={items.length === 0}
          />
        }
        empty={
          <EmptyView
            title={debounced === '' ? 'Nothing to pick' : 'No keyword matches'}
            action={
              debounced === '' ? (
                <Anchor component={Link} to={href(`/imports?campaign=${campaign.id}`)} size="sm">
                  Import a keyword list
                </Anchor>
              ) : undefined
            }
          >
            {debounced === ''
              ? `The market ${campaign.market} holds no keyword that this campaign does not already have.`
              : `No keyword of ${campaign.market} outside this campaign contains “${debounced}”.`}
          </EmptyView>
        }
      />
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Search the market's keywords"
          placeholder="e.g. running"
          leftSection={<SearchIcon size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        {keywords.data && (
          <Text size="xs" c="dimmed">
            {keywords.data.total > items.length
              ? `${format.integer(items.length)} of ${format.integer(keywords.data.total)} shown, largest volume first`
              : `${format.integer(keywords.data.total)} keywords, largest volume first`}
          </Text>
        )}
      </Group>
      {table}
      {add.isError && (
        <Alert color="red" variant="light" title="The keywords were not added">
          {fieldError(add.error)}
        </Alert>
      )}
      {add.isSuccess && picked.size === 0 && (
        <Text size="sm" c="teal">
          Added {format.integer(add.data.added)} keywords; the campaign now holds{' '}
          {format.integer(add.data.total)}.
        </Text>
      )}
      <Group>
        <Button onClick={submit} disabled={picked.size === 0} loading={add.isPending}>
          {picked.size === 0 ? 'Add picked keywords' : `Add ${format.integer(picked.size)} picked keywords`}
        </Button>
      </Group>
    </Stack>
  );
}
