// The rank-tracking filter bar: compared dates (any two snapshots), position kind, the focus domain that
// filters and sorting read, tags (any/all), groups, keyword text, position range, movers / new / lost by at
// least N, a SERP feature present or owned, cannibalised only, and the sort. Every control is a labelled
// Mantine input, so the bar is usable from the keyboard alone.
import {
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import type { RtTableResponse } from '@contracts/rank-tracking';
import { RESULT_TYPE_LABELS, RESULT_TYPES, type ResultType } from '@core/result-types';
import type { RtSelection } from '../../api/use-rank-tracking';
import { PositionKindControl } from '../../components/RankingsViews';

const SORTS: { value: RtSelection['sortField']; label: string }[] = [
  { value: 'change', label: 'Change since start' },
  { value: 'previousChange', label: 'Change since previous' },
  { value: 'position', label: 'Position' },
  { value: 'best', label: 'Best position' },
  { value: 'volume', label: 'Search volume' },
  { value: 'keyword', label: 'Keyword' },
];

const MOVEMENTS = [
  { value: 'up', label: 'Moved up' },
  { value: 'down', label: 'Moved down' },
  { value: 'new', label: 'New' },
  { value: 'lost', label: 'Lost' },
];

export function RtFilterBar({
  data,
  value,
  onChange,
}: {
  data: RtTableResponse | undefined;
  value: RtSelection;
  onChange: (next: RtSelection) => void;
}) {
  const set = (patch: Partial<RtSelection>) => onChange({ ...value, ...patch });
  const dates = [...(data?.snapshotDates ?? [])].reverse();
  const num = (v: string | number) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4, lg: 6 }} spacing="xs">
        <Select
          label="Compare from"
          data={dates}
          value={value.startDate ?? data?.dates?.start ?? null}
          onChange={(v) => set({ startDate: v })}
          searchable
        />
        <Select
          label="To"
          data={dates}
          value={value.endDate ?? data?.dates?.end ?? null}
          onChange={(v) => set({ endDate: v })}
          searchable
        />
        <Select
          label="Domain filtered and sorted"
          data={(data?.targets ?? []).map((t) => ({ value: t.key, label: t.label }))}
          value={value.focus ?? data?.targets[data.focus]?.key ?? null}
          onChange={(v) => set({ focus: v })}
        />
        <Select
          label="Sort by"
          data={SORTS}
          value={value.sortField}
          onChange={(v) => v && set({ sortField: v as RtSelection['sortField'] })}
          allowDeselect={false}
        />
        <Select
          label="Order"
          data={[
            { value: 'desc', label: 'Descending' },
            { value: 'asc', label: 'Ascending' },
          ]}
          value={value.sortDirection}
          onChange={(v) => v && set({ sortDirection: v as 'asc' | 'desc' })}
          allowDeselect={false}
        />
        <TextInput
          label="Keyword contains"
          value={value.q}
          onChange={(e) => set({ q: e.currentTarget.value })}
        />
        <MultiSelect
          label="Tags"
          data={data?.tags ?? []}
          value={value.tags}
          onChange={(tags) => set({ tags })}
          searchable
          clearable
        />
        <MultiSelect
          label="Groups"
          data={data?.groups ?? []}
          value={value.groups}
          onChange={(groups) => set({ groups })}
          searchable
          clearable
        />
        <Select
          label="Movement"
          data={MOVEMENTS}
          value={value.movement}
          onChange={(v) => set({ movement: v as RtSelection['movement'] })}
          clearable
          placeholder="Any"
        />
        <NumberInput
          label="By at least"
          min={1}
          max={99}
          value={value.moveBy}
          onChange={(v) => set({ moveBy: num(v) ?? 1 })}
          disabled={value.movement !== 'up' && value.movement !== 'down'}
        />
        <Group gap="xs" grow wrap="nowrap">
          <NumberInput
            label="Position from"
            min={1}
            max={100}
            value={value.minPosition ?? ''}
            onChange={(v) => set({ minPosition: num(v) })}
          />
          <NumberInput
            label="to"
            min={1}
            max={100}
            value={value.maxPosition ?? ''}
            onChange={(v) => set({ maxPosition: num(v) })}
          />
        </Group>
        <Select
          label="SERP feature"
          data={RESULT_TYPES.filter((t) => t !== 'organic' && t !== 'brand').map((t) => ({
            value: t,
            label: RESULT_TYPE_LABELS[t],
          }))}
          value={value.feature}
          onChange={(v) => set({ feature: v as ResultType | null })}
          clearable
          placeholder="Any"
        />
      </SimpleGrid>
      <Group gap="md" wrap="wrap">
        <PositionKindControl value={value.positionKind} onChange={(positionKind) => set({ positionKind })} />
        {value.tags.length > 1 && (
          <SegmentedControl
            aria-label="Tags match"
            size="xs"
            data={[
              { value: 'any', label: 'Any tag' },
              { value: 'all', label: 'All tags' },
            ]}
            value={value.tagsMatch}
            onChange={(v) => set({ tagsMatch: v as 'any' | 'all' })}
          />
        )}
        <Checkbox
          label="Feature owned by the domain"
          checked={value.featureOwned}
          disabled={value.feature === null}
          onChange={(e) => set({ featureOwned: e.currentTarget.checked })}
        />
        <Checkbox
          label="Cannibalised only"
          checked={value.cannibalised}
          onChange={(e) => set({ cannibalised: e.currentTarget.checked })}
        />
      </Group>
    </Stack>
  );
}
