// The add-widget and configure-widget form: pick a type from the widget library, its scope (a campaign, a
// project, a market, a host in a market, or a Search Console property, as the type reads; a tasks widget the
// whole workspace or one campaign), a campaign widget's domain and tag filters,
// and its date range. The result is checked with the dashboards contract before it is handed on, so what is
// saved always passes the server's check.
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { dashboardWidget, WIDGET_SCOPES, WIDGET_TYPES } from '@contracts/dashboards';
import type {
  DashboardWidget,
  WidgetFilters,
  WidgetLayout,
  WidgetScope,
  WidgetType,
} from '@contracts/dashboards';
import type { TimeSpan } from '@core/date-range';
import { useGscSites } from '../../api/use-search-console';
import { useCampaigns, useProjects } from '../../api/use-workspace';
import { CampaignFilterFields } from './widgets/CampaignFilterFields';
import { WIDGET_LIBRARY } from './widgets/widget-registry';
import { RANGE_CHOICES } from './widgets/widget-range';

interface Draft {
  type: WidgetType;
  campaignId: string | null;
  projectId: string | null;
  market: string | null;
  host: string;
  /** A Search Console property (the sites list's `site`). */
  site: string | null;
  span: TimeSpan;
  /** A campaign widget's tracked domains and keyword tags (CampaignFilterFields); empty: no narrowing. */
  filters: WidgetFilters;
}

function draftOf(w: DashboardWidget | null): Draft {
  const s = w?.scope;
  return {
    type: w?.type ?? 'campaign-visibility',
    campaignId: s?.kind === 'campaign' ? String(s.campaignId) : null,
    projectId: s?.kind === 'project' ? String(s.projectId) : null,
    market: s?.kind === 'market' || s?.kind === 'host' ? s.market : null,
    host: s?.kind === 'host' ? s.host : '',
    site: s?.kind === 'search-console' ? s.site : null,
    span: w?.range.kind === 'relative' ? w.range.span : 'half-year',
    filters: w?.filters ?? { domains: [], tags: [] },
  };
}

function scopeOf(d: Draft): WidgetScope | null {
  const kinds: readonly string[] = WIDGET_SCOPES[d.type];
  // A type reading the workspace or a campaign (tasks): the campaign when one is picked.
  if (kinds.includes('campaign') && kinds.includes('workspace') && d.campaignId)
    return { kind: 'campaign', campaignId: Number(d.campaignId) };
  if (kinds.includes('workspace')) return { kind: 'workspace' };
  if (kinds.includes('search-console')) return d.site ? { kind: 'search-console', site: d.site } : null;
  if (kinds.includes('campaign'))
    return d.campaignId ? { kind: 'campaign', campaignId: Number(d.campaignId) } : null;
  if (kinds.includes('project'))
    return d.projectId ? { kind: 'project', projectId: Number(d.projectId) } : null;
  if (d.market === null) return null;
  return d.host.trim() === ''
    ? { kind: 'market', market: d.market }
    : { kind: 'host', host: d.host.trim(), market: d.market };
}

export function WidgetEditor({
  opened,
  widget,
  newId,
  place,
  onClose,
  onSave,
}: {
  opened: boolean;
  /** The widget to configure; null adds one. */
  widget: DashboardWidget | null;
  /** The id a new widget gets. */
  newId: string;
  /** Where a new widget goes (its size comes from the library). */
  place: Pick<WidgetLayout, 'x' | 'y'>;
  onClose: () => void;
  onSave: (w: DashboardWidget) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(widget));
  const [error, setError] = useState<string | null>(null);
  const campaigns = useCampaigns(null);
  const projects = useProjects();
  const set = (patch: Partial<Draft>) => {
    setError(null);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const kinds: readonly string[] = WIDGET_SCOPES[draft.type];
  /** Narrowed by the campaign's domains and tags (a campaign-only type; tasks take none). */
  const filtered = kinds.length === 1 && kinds[0] === 'campaign';
  const sites = useGscSites(kinds.includes('search-console'));
  const markets = [...new Set((campaigns.data?.items ?? []).map((c) => c.market))].sort();

  const save = () => {
    const scope = scopeOf(draft);
    if (scope === null) {
      setError(
        `Pick the ${kinds.includes('campaign') ? 'campaign' : kinds.includes('project') ? 'project' : kinds.includes('search-console') ? 'Search Console property' : 'market'} it shows.`,
      );
      return;
    }
    const size = WIDGET_LIBRARY[draft.type].size;
    const parsed = dashboardWidget.safeParse({
      id: widget?.id ?? newId,
      type: draft.type,
      scope,
      filters: filtered ? draft.filters : { domains: [], tags: [] },
      range: { kind: 'relative', span: draft.span },
      title: widget?.title ?? null,
      layout: widget?.layout ?? { ...place, ...size },
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError(`${issue.path.join('.')}: ${issue.message}`);
      return;
    }
    onSave(parsed.data);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={widget ? 'Configure widget' : 'Add a widget'} size="md">
      <Stack gap="sm">
        <Select
          label="Widget"
          data={WIDGET_TYPES.map((t) => ({ value: t, label: WIDGET_LIBRARY[t].label }))}
          value={draft.type}
          onChange={(v) => v !== null && set({ type: v as WidgetType })}
          allowDeselect={false}
          description={WIDGET_LIBRARY[draft.type].description}
          disabled={widget !== null}
        />
        {kinds.includes('campaign') && (
          <Select
            label="Campaign"
            placeholder={
              kinds.includes('workspace') ? 'Every campaign (the whole workspace)' : 'Pick a campaign'
            }
            clearable={kinds.includes('workspace')}
            data={(campaigns.data?.items ?? []).map((c) => ({
              value: String(c.id),
              label: `${c.name} · ${c.market} (${c.projectName})`,
            }))}
            value={draft.campaignId}
            onChange={(v) => set({ campaignId: v, filters: { domains: [], tags: [] } })}
            searchable
          />
        )}
        {filtered && draft.campaignId !== null && (
          <CampaignFilterFields
            campaignId={Number(draft.campaignId)}
            filters={draft.filters}
            onChange={(filters) => set({ filters })}
          />
        )}
        {kinds.includes('project') && (
          <Select
            label="Project"
            placeholder="Pick a project"
            data={(projects.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            value={draft.projectId}
            onChange={(v) => set({ projectId: v })}
            searchable
          />
        )}
        {kinds.includes('search-console') && (
          <Select
            label="Search Console property"
            placeholder={sites.data?.items.length === 0 ? 'No property has rows yet' : 'Pick a property'}
            data={(sites.data?.items ?? []).map((x) => x.site)}
            value={draft.site}
            onChange={(v) => set({ site: v })}
            searchable
          />
        )}
        {kinds.includes('market') && (
          <>
            <Select
              label="Market"
              placeholder="Pick a market"
              data={markets}
              value={draft.market}
              onChange={(v) => set({ market: v })}
            />
            <TextInput
              label="Highlight a host (optional)"
              placeholder="example.com"
              value={draft.host}
              onChange={(e) => set({ host: e.currentTarget.value })}
            />
          </>
        )}
        {!kinds.includes('workspace') && (
          <Select
            label="Date range"
            data={RANGE_CHOICES}
            value={draft.span}
            onChange={(v) => v !== null && set({ span: v as TimeSpan })}
            allowDeselect={false}
          />
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save}>{widget ? 'Save widget' : 'Add widget'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
