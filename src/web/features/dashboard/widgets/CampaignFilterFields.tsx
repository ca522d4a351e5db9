// The domain and tag filters of a campaign widget, shared by the dashboard's widget editor and a report's
// widget block: which of the campaign's tracked domains it shows (none picked: all of them) and which keyword
// tags narrow its keywords (a keyword needs every tag picked, as on the campaign-visibility screen).
import { Group, MultiSelect, Stack } from '@mantine/core';
import type { WidgetFilters } from '@contracts/dashboards';
import { useCampaign } from '../../../api/use-workspace';

export function CampaignFilterFields({
  campaignId,
  filters,
  onChange,
  compactFor,
}: {
  campaignId: number;
  filters: WidgetFilters;
  onChange: (f: WidgetFilters) => void;
  /** Small unlabelled fields named after this block (a report's outline) instead of labelled ones. */
  compactFor?: string;
}) {
  const campaign = useCampaign(campaignId);
  const domains = (campaign.data?.domains ?? []).map((d) => ({
    value: d.value,
    label: d.label === d.value ? d.value : `${d.label} (${d.value})`,
  }));
  const tags = (campaign.data?.tags ?? []).map((t) => ({ value: t.tag, label: `${t.tag} (${t.keywords})` }));
  const fields = [
    {
      key: 'domains' as const,
      label: 'Domains',
      description: "The campaign's tracked domains to show; none picked shows them all",
      all: 'All tracked domains',
      data: domains,
    },
    {
      key: 'tags' as const,
      label: 'Tags',
      description: 'Only keywords carrying every tag picked; none picked: every keyword',
      all: 'Every keyword',
      data: tags,
    },
  ].map((f) => (
    <MultiSelect
      key={f.key}
      {...(compactFor === undefined
        ? { label: f.label, description: f.description }
        : { size: 'xs', 'aria-label': `${f.label} of ${compactFor}`, miw: 180 })}
      placeholder={filters[f.key].length === 0 ? f.all : undefined}
      data={f.data}
      value={filters[f.key]}
      onChange={(v) => onChange({ ...filters, [f.key]: v })}
      disabled={campaign.isPending}
      searchable
      clearable
    />
  ));
  return compactFor === undefined ? (
    <Stack gap="sm">{fields}</Stack>
  ) : (
    <Group gap="xs" wrap="wrap">
      {fields}
    </Group>
  );
}
