// The filter bar of the Search Console screens: site, current period, comparison with the period before,
// query and page filters (`contains`, or `op:value` with notContains, equals, regex, notRegex) and device.
// A form: typing changes nothing until "Apply" (or Enter), so each change is one request.
import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Group, Select, TextInput } from '@mantine/core';
import type { GscSelection } from '../../api/use-search-console';

const DEVICES = [
  { value: '', label: 'All devices' },
  { value: 'desktop', label: 'Desktop' },
  { value: 'mobile', label: 'Mobile' },
  { value: 'tablet', label: 'Tablet' },
];

export function GscFilterBar({
  sites,
  selection,
  onApply,
  defaultsFor,
}: {
  sites: readonly string[];
  selection: GscSelection;
  onApply: (s: GscSelection) => void;
  defaultsFor: (site: string) => GscSelection;
}) {
  const [draft, setDraft] = useState(selection);
  useEffect(() => setDraft(selection), [selection]);
  const set = (patch: Partial<GscSelection>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <Card withBorder padding="sm" mb="md">
      <form
        aria-label="Search Console filters"
        onSubmit={(e) => {
          e.preventDefault();
          onApply(draft);
        }}
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Site"
            data={sites.map((s) => ({ value: s, label: s }))}
            value={draft.site || null}
            onChange={(v) => v && setDraft(defaultsFor(v))}
            allowDeselect={false}
            w={220}
          />
          <TextInput
            label="From"
            type="date"
            value={draft.startDate}
            onChange={(e) => set({ startDate: e.currentTarget.value })}
            w={150}
          />
          <TextInput
            label="To"
            type="date"
            value={draft.endDate}
            onChange={(e) => set({ endDate: e.currentTarget.value })}
            w={150}
          />
          <Checkbox
            label="Compare with the period before"
            checked={draft.compare}
            onChange={(e) => set({ compare: e.currentTarget.checked })}
            mb={8}
          />
          <TextInput
            label="Query"
            placeholder="contains, or regex:^how"
            value={draft.queryFilter}
            onChange={(e) => set({ queryFilter: e.currentTarget.value })}
            w={200}
          />
          <TextInput
            label="Page"
            placeholder="contains, or notContains:/blog"
            value={draft.pageFilter}
            onChange={(e) => set({ pageFilter: e.currentTarget.value })}
            w={200}
          />
          <Select
            label="Device"
            data={DEVICES}
            value={draft.device}
            onChange={(v) => set({ device: v ?? '' })}
            w={140}
          />
          <Button type="submit" size="sm">
            Apply
          </Button>
        </Group>
      </form>
    </Card>
  );
}
