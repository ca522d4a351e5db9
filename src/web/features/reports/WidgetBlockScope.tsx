// A report widget block's own scope and range in the editor: a campaign widget can read another campaign of
// the organisation than the report's, and any widget a span of its own (ending on the report period's last
// day) instead of the report's period, and a campaign widget its own domain and tag filters
// (CampaignFilterFields). Unset, the block follows the report. Another campaign's block drops its domain and
// tag filters, which named the old campaign's. A Search Console totals block names its property (a report's
// campaign names none); a tasks block reads the whole workspace unless given a campaign.
import { Group, Select } from '@mantine/core';
import { WIDGET_SCOPES } from '@contracts/dashboards';
import type { ReportBlock } from '@contracts/reports';
import { useGscSites } from '../../api/use-search-console';
import { useCampaigns } from '../../api/use-workspace';
import { CampaignFilterFields } from '../dashboard/widgets/CampaignFilterFields';
import { RANGE_CHOICES } from '../dashboard/widgets/widget-range';

type WidgetBlock = Extract<ReportBlock, { kind: 'widget' }>;

const REPORT = 'report';

export function WidgetBlockScope({
  block,
  label,
  reportCampaignId,
  onChange,
}: {
  block: WidgetBlock;
  /** The report's campaign, which a campaign widget without a scope of its own reads. */
  reportCampaignId: number;
  /** The block as the outline names it, for the fields' accessible names. */
  label: string;
  onChange: (b: WidgetBlock) => void;
}) {
  const campaigns = useCampaigns(null);
  const kinds: readonly string[] = WIDGET_SCOPES[block.type];
  const readsCampaign = kinds.includes('campaign');
  /** Narrowed by the campaign's domains and tags (a campaign-only type; tasks take none). */
  const filtered = kinds.length === 1 && readsCampaign;
  const readsSite = kinds.includes('search-console');
  const sites = useGscSites(readsSite);
  const campaign = block.scope?.kind === 'campaign' ? String(block.scope.campaignId) : REPORT;
  const span = block.range?.kind === 'relative' ? block.range.span : REPORT;
  const setCampaign = (value: string | null) => {
    const { scope: _scope, filters: _filters, ...rest } = block;
    onChange(
      value === null || value === REPORT
        ? rest
        : { ...rest, scope: { kind: 'campaign', campaignId: Number(value) } },
    );
  };
  const setSpan = (value: string | null) => {
    const { range: _range, ...rest } = block;
    const choice = RANGE_CHOICES.find((c) => c.value === value);
    onChange(choice === undefined ? rest : { ...rest, range: { kind: 'relative', span: choice.value } });
  };
  return (
    <Group gap="xs" wrap="wrap">
      {readsCampaign && (
        <Select
          size="xs"
          aria-label={`Campaign of ${label}`}
          value={campaign}
          onChange={setCampaign}
          allowDeselect={false}
          data={[
            {
              value: REPORT,
              label: kinds[0] === 'workspace' ? 'the whole workspace' : 'the report’s campaign',
            },
            ...(campaigns.data?.items ?? []).map((c) => ({
              value: String(c.id),
              label: `${c.name} · ${c.market}`,
            })),
          ]}
        />
      )}
      {readsSite && (
        <Select
          size="xs"
          aria-label={`Search Console property of ${label}`}
          placeholder="Pick a property"
          value={block.scope?.kind === 'search-console' ? block.scope.site : null}
          onChange={(site) => {
            const { scope: _scope, ...rest } = block;
            onChange(site === null ? rest : { ...rest, scope: { kind: 'search-console', site } });
          }}
          data={(sites.data?.items ?? []).map((x) => x.site)}
          error={block.scope === undefined ? 'Pick the property it shows' : undefined}
        />
      )}
      {!kinds.includes('workspace') && (
        <Select
          size="xs"
          aria-label={`Date range of ${label}`}
          value={span}
          onChange={setSpan}
          allowDeselect={false}
          data={[{ value: REPORT, label: 'the report’s period' }, ...RANGE_CHOICES]}
        />
      )}
      {filtered && (
        <CampaignFilterFields
          campaignId={block.scope?.kind === 'campaign' ? block.scope.campaignId : reportCampaignId}
          filters={block.filters ?? { domains: [], tags: [] }}
          onChange={(filters) => {
            const { filters: _filters, ...rest } = block;
            onChange(filters.domains.length + filters.tags.length === 0 ? rest : { ...rest, filters });
          }}
          compactFor={label}
        />
      )}
    </Group>
  );
}
