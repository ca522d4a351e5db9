// A campaign's keywords with volume, tags and keyword group, largest volume first: virtualised over the
// server's total (only the pages of 500 under the visible rows are asked for, so 100,000 keywords scroll as
// smoothly as 100), searchable, filtered by tag or keyword group, with rows ticked one by one or every
// matching keyword at once, and removed after a confirmation.
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  ScrollArea,
  Select,
  Skeleton,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CampaignDetail } from '@contracts/workspace';
import {
  KEYWORD_PAGE_SIZE,
  useCampaignKeywordPages,
  useCollectCampaignKeywords,
  useRemoveKeywords,
} from '../../api/use-campaign-setup';
import type { CampaignKeywordFilter } from '../../api/use-campaign-setup';
import { useFormat } from '../../app/route-context';
import { SearchIcon } from '../../components/icons';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import classes from '../../components/DataTable.module.css';
import { ConfirmModal } from '../../components/ConfirmModal';
import { toggled } from './selection';

const ROW_HEIGHT = 37;
const VIEW_HEIGHT = 480;

function Toolbar({
  campaign,
  search,
  onSearch,
  tag,
  onTag,
  group,
  onGroup,
  actions,
}: {
  campaign: CampaignDetail;
  search: string;
  onSearch: (v: string) => void;
  tag: string | null;
  onTag: (v: string | null) => void;
  group: string | null;
  onGroup: (v: string | null) => void;
  actions: ReactNode;
}) {
  return (
    <Group justify="space-between" className={classes.toolbar} gap="xs">
      <Group gap="xs">
        <TextInput
          size="xs"
          w={200}
          leftSection={<SearchIcon size={14} />}
          placeholder="Search keywords"
          aria-label="Search keywords"
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
        />
        <Select
          size="xs"
          w={160}
          placeholder="Any tag"
          aria-label="Filter by tag"
          data={campaign.tags.map((t) => t.tag)}
          value={tag}
          onChange={onTag}
          clearable
          searchable
          disabled={campaign.tags.length === 0}
        />
        <Select
          size="xs"
          w={160}
          placeholder="Any keyword group"
          aria-label="Filter by keyword group"
          data={campaign.groups.map((g) => g.group)}
          value={group}
          onChange={onGroup}
          clearable
          searchable
          disabled={campaign.groups.length === 0}
        />
      </Group>
      <Group gap="xs">{actions}</Group>
    </Group>
  );
}

export function CampaignKeywordsTable({
  campaign,
  readOnly = false,
}: {
  campaign: CampaignDetail;
  /** For readers without ROLE_CV: no selection, no removal. */
  readOnly?: boolean;
}) {
  const columnCount = readOnly ? 4 : 5;
  const format = useFormat();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [tag, setTag] = useState<string | null>(null);
  const [group, setGroup] = useState<string | null>(null);
  const filter: CampaignKeywordFilter = { search: debounced, tag, group };
  const [pagesShown, setPagesShown] = useState({ first: 0, last: 0 });
  const pages = useCampaignKeywordPages(
    campaign.id,
    filter,
    pagesShown.first * KEYWORD_PAGE_SIZE,
    pagesShown.last * KEYWORD_PAGE_SIZE,
  );
  const total = pages.total ?? 0;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveKeywords(campaign.id);
  const collect = useCollectCampaignKeywords(campaign.id);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    onChange: (v) => {
      const items = v.getVirtualItems();
      const first = Math.floor((items[0]?.index ?? 0) / KEYWORD_PAGE_SIZE);
      const last = Math.floor((items[items.length - 1]?.index ?? 0) / KEYWORD_PAGE_SIZE);
      setPagesShown((p) => (p.first === first && p.last === last ? p : { first, last }));
    },
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const rowAt = (index: number) =>
    pages.pages.get(Math.floor(index / KEYWORD_PAGE_SIZE))?.data?.items[index % KEYWORD_PAGE_SIZE];

  const resetView = () => {
    setSelected(new Set());
    setPagesShown({ first: 0, last: 0 });
    scrollRef.current?.scrollTo({ top: 0 });
  };
  const filtered = debounced !== '' || tag !== null || group !== null;
  const allSelected = total > 0 && selected.size === total;

  const actions = (
    <>
      {selected.size > 0 && (
        <Text size="xs" c="dimmed">
          {format.integer(selected.size)} selected
        </Text>
      )}
      <Button
        size="xs"
        variant="default"
        loading={collect.isPending}
        disabled={total === 0}
        onClick={() =>
          allSelected
            ? setSelected(new Set())
            : collect.mutate(filter, { onSuccess: (all) => setSelected(new Set(all)) })
        }
      >
        {allSelected
          ? 'Clear selection'
          : `Select all ${format.integer(total)}${filtered ? ' matching' : ''}`}
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        disabled={selected.size === 0}
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        Remove selected
      </Button>
    </>
  );

  let body;
  if (pages.error !== null && pages.total === null) {
    body = <ErrorView title="The keywords could not be loaded" error={pages.error} onRetry={pages.refetch} />;
  } else if (pages.total === null || (pages.total === 0 && pages.refreshing)) {
    body = (
      <Box p="md">
        <TableSkeleton rows={6} columns={4} />
      </Box>
    );
  } else if (pages.total === 0) {
    body = filtered ? (
      <EmptyView title="No keyword matches">
        No keyword of this campaign matches the search and filters. Clear them to see all{' '}
        {format.integer(campaign.keywords)}.
      </EmptyView>
    ) : (
      <EmptyView title="No keywords yet">
        This campaign tracks no keyword yet: paste some, pick them from the market, or import a keyword list.
      </EmptyView>
    );
  } else {
    body = (
      <ScrollArea.Autosize mah={VIEW_HEIGHT} viewportRef={scrollRef} type="auto" offsetScrollbars="present">
        <Table
          aria-label={`Keywords of ${campaign.name}`}
          aria-rowcount={total + 1}
          stickyHeader
          highlightOnHover
          className={classes.table}
          style={{ tableLayout: 'fixed', minWidth: 640 }}
        >
          <Table.Thead>
            <Table.Tr>
              {!readOnly && <Table.Th w={44} />}
              <Table.Th>Keyword</Table.Th>
              <Table.Th w={130} ta="right">
                Search volume
              </Table.Th>
              <Table.Th>Tags</Table.Th>
              <Table.Th w={180}>Keyword group</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {padTop > 0 && (
              <tr aria-hidden="true">
                <td colSpan={columnCount} style={{ height: padTop, padding: 0, border: 0 }} />
              </tr>
            )}
            {items.map(({ index, key }) => {
              const k = rowAt(index);
              if (k === undefined) {
                return (
                  <Table.Tr key={key} h={ROW_HEIGHT} aria-busy="true">
                    <Table.Td colSpan={columnCount}>
                      <Skeleton height={12} />
                    </Table.Td>
                  </Table.Tr>
                );
              }
              return (
                <Table.Tr key={key} h={ROW_HEIGHT} aria-rowindex={index + 2}>
                  {!readOnly && (
                    <Table.Td>
                      <Checkbox
                        size="xs"
                        checked={selected.has(k.keyword)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setSelected((prev) => toggled(prev, [k.keyword], on));
                        }}
                        aria-label={`Select ${k.keyword}`}
                      />
                    </Table.Td>
                  )}
                  <Table.Td style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {k.keyword}
                  </Table.Td>
                  <Table.Td className={classes.numeric}>
                    {k.searchVolume === null ? '—' : format.integer(k.searchVolume)}
                  </Table.Td>
                  <Table.Td style={{ overflow: 'hidden', whiteSpace: 'nowrap' }}>
                    <Group gap={4} wrap="nowrap">
                      {k.tags.map((t) => (
                        <Badge key={t} size="xs" variant="light" color="gray" tt="none">
                          {t}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {k.group ?? ''}
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {padBottom > 0 && (
              <tr aria-hidden="true">
                <td colSpan={columnCount} style={{ height: padBottom, padding: 0, border: 0 }} />
              </tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    );
  }

  return (
    <div className={classes.wrapper}>
      <Group gap={4} px={12} pt={8}>
        <Text component="h2" fw={600} size="sm">
          Keywords
        </Text>
        <Text size="xs" c="dimmed">
          ({filtered && pages.total !== null ? `${format.integer(total)} of ` : ''}
          {format.integer(campaign.keywords)})
        </Text>
      </Group>
      <Toolbar
        campaign={campaign}
        search={search}
        onSearch={(v) => {
          setSearch(v);
          resetView();
        }}
        tag={tag}
        onTag={(v) => {
          setTag(v);
          resetView();
        }}
        group={group}
        onGroup={(v) => {
          setGroup(v);
          resetView();
        }}
        actions={readOnly ? null : actions}
      />
      {body}
      <ConfirmModal
        opened={confirming}
        title={`Remove ${format.integer(selected.size)} keywords from ${campaign.name}?`}
        confirmLabel="Remove keywords"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate([...selected], {
            onSuccess: () => {
              setConfirming(false);
              resetView();
            },
          })
        }
      >
        They leave this campaign and its charts; the market keeps them and their rankings, so adding them
        again later brings their history back.
        {selected.size <= 5 && ` (${[...selected].join(', ')})`}
      </ConfirmModal>
    </div>
  );
}
