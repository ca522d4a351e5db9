// The filter bar of the campaign-visibility screen (spec §3–§5): domains with their palette colours (click to
// hide or show, add a domain — a duplicate is refused with the spec warning, and the preview build's
// 20-domain limit is announced), tags (AND when more than one), keyword groups, domain groups (add, remove,
// rename), whole market, result types, URL filter, keywords and the point date. Every change goes through the
// filter store's reducer.
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  ColorSwatch,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { CvFiltersResponse } from '@contracts/campaign-visibility';
import { activeValues, duplicateValueMessage, PREVIEW_MAX_SELECTED_DOMAINS } from '@core/filters';
import { useFormat } from '../../app/route-context';
import { useFilterStore } from '../../state/filter-store';
import { resultTypeLabel } from './cv-context';

const entries = (values: string[]) => values.map((value) => ({ value }));

/** A tag or keyword-group option with its keyword count (the chosen pill shows the name only). */
const withCount = (value: string, counts: readonly { value: string; keywords: number }[]) =>
  `${value} (${counts.find((c) => c.value === value)?.keywords ?? 0})`;

function DomainChips({ onWarning }: { onWarning: (message: string | null) => void }) {
  const domains = useFilterStore((s) => s.filters.domains);
  const dispatch = useFilterStore((s) => s.dispatch);
  const [draft, setDraft] = useState('');
  const add = (e: FormEvent) => {
    e.preventDefault();
    const value = draft.trim().toLowerCase();
    if (value === '') return;
    if (domains.some((d) => d.value === value)) {
      onWarning(duplicateValueMessage('domains', value));
      return;
    }
    onWarning(null);
    dispatch({ type: 'add', filter: 'domains', entries: [{ value }] });
    setDraft('');
  };
  return (
    <Stack gap={6}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        Domains
      </Text>
      <Group gap={6} role="group" aria-label="Domains: press one to hide or show it">
        {domains.map((d) => {
          const shown = d.selected && d.active;
          return (
            <UnstyledButton
              key={d.value}
              onClick={() => dispatch({ type: 'toggleDomainVisibility', value: d.value })}
              aria-pressed={shown}
              aria-label={`${shown ? 'Hide' : 'Show'} ${d.label}`}
              data-domain={d.value}
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 6,
                padding: '3px 10px',
                borderRadius: 999,
                border: '1px solid var(--mantine-color-default-border)',
                opacity: shown ? 1 : 0.45,
                textDecoration: shown ? undefined : 'line-through',
                fontSize: 13,
              }}
            >
              <ColorSwatch color={d.color} size={10} withShadow={false} />
              {d.label}
            </UnstyledButton>
          );
        })}
        <form onSubmit={add} style={{ display: 'inline-flex', gap: 4 }}>
          <TextInput
            size="xs"
            w={170}
            placeholder="Add domain or host"
            aria-label="Add a domain"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
          <Button size="xs" variant="default" type="submit">
            Add
          </Button>
        </form>
      </Group>
    </Stack>
  );
}

function DomainGroups({ available }: { available: CvFiltersResponse['domainGroups'] }) {
  const groups = useFilterStore((s) => s.filters.domainGroups);
  const dispatch = useFilterStore((s) => s.dispatch);
  const [renaming, setRenaming] = useState<{ value: string; label: string } | null>(null);
  const addable = available.filter((g) => !groups.some((x) => x.value === g.value));
  return (
    <Stack gap={6}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        Domain groups
      </Text>
      <Group gap={6}>
        {groups.map((g) =>
          renaming?.value === g.value ? (
            <form
              key={g.value}
              onSubmit={(e) => {
                e.preventDefault();
                if (renaming.label.trim() !== '') {
                  dispatch({ type: 'renameDomainGroup', value: g.value, label: renaming.label.trim() });
                }
                setRenaming(null);
              }}
            >
              <TextInput
                size="xs"
                w={160}
                autoFocus
                aria-label={`New name for ${g.label}`}
                value={renaming.label}
                onChange={(e) => setRenaming({ value: g.value, label: e.currentTarget.value })}
                onBlur={() => setRenaming(null)}
                onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
              />
            </form>
          ) : (
            <Group key={g.value} gap={2} wrap="nowrap" data-domain-group={g.value}>
              <UnstyledButton
                onClick={() => dispatch({ type: 'toggleActive', filter: 'domainGroups', value: g.value })}
                aria-pressed={g.active}
                aria-label={`${g.active ? 'Hide' : 'Show'} group ${g.label}`}
                style={{ display: 'inline-flex', gap: 6, alignItems: 'center', opacity: g.active ? 1 : 0.45 }}
              >
                <ColorSwatch color={g.color} size={10} withShadow={false} />
                <Text size="sm">{g.label}</Text>
              </UnstyledButton>
              <ActionIcon
                size="xs"
                variant="subtle"
                color="gray"
                aria-label={`Rename group ${g.label}`}
                onClick={() => setRenaming({ value: g.value, label: g.label })}
              >
                ✎
              </ActionIcon>
              <ActionIcon
                size="xs"
                variant="subtle"
                color="gray"
                aria-label={`Remove group ${g.label}`}
                onClick={() => dispatch({ type: 'removeDomainGroup', value: g.value })}
              >
                ×
              </ActionIcon>
            </Group>
          ),
        )}
        {addable.length > 0 && (
          <Select
            size="xs"
            w={170}
            placeholder="Add a domain group"
            aria-label="Add a domain group"
            data={addable.map((g) => ({ value: g.value, label: g.label }))}
            value={null}
            onChange={(value) => {
              const g = addable.find((x) => x.value === value);
              if (g) {
                dispatch({
                  type: 'addDomainGroup',
                  group: { value: g.value, label: g.label, color: g.color, members: g.members },
                });
              }
            }}
          />
        )}
        {groups.length === 0 && addable.length === 0 && (
          <Text size="sm" c="dimmed">
            The campaign has no domain groups.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

export function FilterBar({ options }: { options: CvFiltersResponse }) {
  const filters = useFilterStore((s) => s.filters);
  const isAnd = useFilterStore((s) => s.isAndFilter);
  const limitReached = useFilterStore((s) => s.limitReached);
  const dispatch = useFilterStore((s) => s.dispatch);
  const format = useFormat();
  const [warning, setWarning] = useState<string | null>(null);
  const [url, setUrl] = useState(filters.url.value?.url ?? '');
  const tags = activeValues(filters.keywordTags);
  const applyUrl = () => {
    const value = url.trim() === '' ? null : url.trim();
    if (value !== (filters.url.value?.url ?? null)) dispatch({ type: 'set', filter: 'url', value });
  };
  const latest = options.dates.at(-1) ?? null;

  return (
    <Paper withBorder p="md" component="section" aria-label="Filters">
      <Stack gap="sm">
        <DomainChips onWarning={setWarning} />
        {warning && (
          <Alert
            color="yellow"
            variant="light"
            p="xs"
            role="status"
            withCloseButton
            onClose={() => setWarning(null)}
          >
            {warning}
          </Alert>
        )}
        {limitReached && (
          <Alert color="yellow" variant="light" p="xs" role="status">
            This build compares at most {PREVIEW_MAX_SELECTED_DOMAINS} domains; the last one was added hidden.
          </Alert>
        )}
        <DomainGroups available={options.domainGroups} />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <MultiSelect
            size="xs"
            w={220}
            label={tags.length > 1 ? 'Tags (all of them)' : 'Tags'}
            placeholder={tags.length === 0 ? 'Any tag' : undefined}
            data={options.tags.map((t) => t.value)}
            renderOption={({ option }) => withCount(option.value, options.tags)}
            value={tags}
            onChange={(v) => dispatch({ type: 'set', filter: 'keywordTags', entries: entries(v) })}
            searchable
            clearable
          />
          <MultiSelect
            size="xs"
            w={220}
            label="Keyword groups"
            placeholder={activeValues(filters.keywordGroup).length === 0 ? 'Any group' : undefined}
            data={options.groups.map((g) => g.value)}
            renderOption={({ option }) => withCount(option.value, options.groups)}
            value={activeValues(filters.keywordGroup)}
            onChange={(v) => dispatch({ type: 'set', filter: 'keywordGroup', entries: entries(v) })}
            searchable
            clearable
          />
          <MultiSelect
            size="xs"
            w={200}
            label="Result types"
            placeholder={activeValues(filters.resultTypes).length === 0 ? 'All types' : undefined}
            data={options.resultTypes.map((t) => ({
              value: t.value,
              label: t.label || resultTypeLabel(t.value),
            }))}
            value={activeValues(filters.resultTypes)}
            onChange={(v) => dispatch({ type: 'set', filter: 'resultTypes', entries: entries(v) })}
            clearable
          />
          <TagsInput
            size="xs"
            w={220}
            label="Keywords"
            placeholder="Type a keyword, Enter"
            value={activeValues(filters.keywords)}
            onChange={(v) => dispatch({ type: 'set', filter: 'keywords', entries: entries(v) })}
            clearable
          />
          <form
            onSubmit={(e) => {
              e.preventDefault();
              applyUrl();
            }}
          >
            <TextInput
              size="xs"
              w={220}
              label="URL filter"
              placeholder="https://example.com/page"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              onBlur={() => applyUrl()}
            />
          </form>
          <Select
            size="xs"
            w={170}
            label="Date"
            placeholder={latest ? `Latest (${format.date(latest)})` : 'Latest'}
            data={[...options.dates].reverse().map((d) => ({ value: d, label: format.date(d) }))}
            value={filters.date.active ? filters.date.value : null}
            onChange={(v) => dispatch({ type: 'set', filter: 'date', value: v })}
            clearable
            searchable
          />
          <Switch
            size="sm"
            label="Whole market"
            checked={filters.useWholeMarket.value}
            onChange={(e) =>
              dispatch({ type: 'set', filter: 'useWholeMarket', value: e.currentTarget.checked })
            }
          />
        </Group>
        {isAnd && tags.length > 1 && (
          <Text size="xs" c="dimmed">
            Keywords must carry every selected tag.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
