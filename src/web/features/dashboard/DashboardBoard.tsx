// The dashboards screen: the chosen dashboard (?board=id, else the user's default, which the server makes
// with the workspace overview on first use), a switcher between the dashboards the user sees, and its
// actions — add a widget, rename, duplicate, set as default, new dashboard, share read-only, create a report
// from it (ROLE_REPORTS), delete — over the grid. Every change is saved at once; a shared dashboard of
// someone else's is read-only (duplicate it to change it).
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Badge, Button, Group, Menu, Paper, Select, Stack, Text } from '@mantine/core';
import type { Dashboard, DashboardWidget } from '@contracts/dashboards';
import { isoDateInZone } from '@core/date-range';
import { hasRole } from '@core/roles';
import { isApiError } from '../../api/client';
import {
  useDashboardById,
  useDashboards,
  useDeleteDashboard,
  useDuplicateDashboard,
  useSetDefaultDashboard,
  useUpdateDashboard,
} from '../../api/use-dashboards';
import { useCreateReportFromDashboard } from '../../api/use-reports';
import { useHref, useRoute } from '../../app/route-context';
import { useSession } from '../../app/session-context';
import { useCampaigns, useProjects } from '../../api/use-workspace';
import { PageHeader } from '../../components/PageHeader';
import { buildPath } from '../../routes/match-route';
import { routeByName } from '../../routes/route-table';
import { CardsSkeleton, EmptyView, ErrorView } from '../../components/StateViews';
import { DashboardGrid } from './DashboardGrid';
import type { LayoutCells } from './DashboardGrid';
import { DeleteDashboardModal, NameDashboardModal } from './DashboardModals';
import { moveCell, nextPlace } from './grid-moves';
import { ShareDashboardModal } from './ShareDashboardModal';
import { WidgetEditor } from './WidgetEditor';
import { rangeLabel } from './widgets/widget-range';

type Dialog =
  | { kind: 'add' }
  | { kind: 'configure'; widget: DashboardWidget }
  | { kind: 'rename' }
  | { kind: 'new' }
  | { kind: 'delete' }
  | { kind: 'share' }
  | null;

/** A widget id not yet on the dashboard: w1, w2, … */
function freshId(widgets: readonly DashboardWidget[]): string {
  const taken = new Set(widgets.map((w) => w.id));
  let n = widgets.length + 1;
  while (taken.has(`w${n}`)) n += 1;
  return `w${n}`;
}

function useScopeLabel() {
  const campaigns = useCampaigns(null).data?.items;
  const projects = useProjects().data?.items;
  return useMemo(() => {
    const campaign = new Map((campaigns ?? []).map((c) => [c.id, `${c.name} · ${c.market}`]));
    const project = new Map((projects ?? []).map((p) => [p.id, p.name]));
    return (w: DashboardWidget): string => {
      const s = w.scope;
      const where =
        s.kind === 'campaign'
          ? (campaign.get(s.campaignId) ?? `Campaign ${s.campaignId}`)
          : s.kind === 'project'
            ? `Project ${project.get(s.projectId) ?? s.projectId}`
            : s.kind === 'market'
              ? s.market
              : s.kind === 'host'
                ? `${s.host} · ${s.market}`
                : s.kind === 'search-console'
                  ? `Search Console ${s.site}`
                  : 'Whole workspace';
      return s.kind === 'workspace' ? where : `${where} · ${rangeLabel(w.range)}`;
    };
  }, [campaigns, projects]);
}

/**
 * The report made of a dashboard (its widgets in reading order), for users with ROLE_REPORTS — the sidebar's
 * rule for reporting — then opened in Report Creation's editor.
 */
function useCreateReport() {
  const { user } = useSession();
  const create = useCreateReportFromDashboard();
  const navigate = useNavigate();
  const href = useHref();
  const { locale } = useRoute();
  const open = (r: { id: number }) =>
    void navigate(`${href(buildPath(routeByName('folder'), {}, locale))}?report=${r.id}`);
  return { allowed: hasRole(user.roles, 'ROLE_REPORTS'), create, open };
}

function Board({ dashboard, onOpen }: { dashboard: Dashboard; onOpen: (id: number | null) => void }) {
  const list = useDashboards();
  const update = useUpdateDashboard();
  const duplicate = useDuplicateDashboard();
  const setDefault = useSetDefaultDashboard();
  const remove = useDeleteDashboard();
  const toReport = useCreateReport();
  const scopeLabel = useScopeLabel();
  const [dialog, setDialog] = useState<Dialog>(null);
  const today = isoDateInZone(new Date());
  const widgets = dashboard.widgets;
  const saveWidgets = (next: DashboardWidget[]) =>
    update.mutate({ id: dashboard.id, patch: { widgets: next } });
  const saveLayout = (cells: LayoutCells) =>
    update.mutate({
      id: dashboard.id,
      patch: { layout: Object.entries(cells).map(([id, c]) => ({ id, ...c })) },
    });
  const actions = dashboard.editable
    ? {
        onConfigure: (widget: DashboardWidget) => setDialog({ kind: 'configure', widget }),
        onMove: (w: DashboardWidget, move: Parameters<typeof moveCell>[1]) =>
          saveLayout({
            [w.id]: moveCell(
              w.layout,
              move,
              widgets.filter((x) => x.id !== w.id).map((x) => x.layout),
            ),
          }),
        onRemove: (w: DashboardWidget) => saveWidgets(widgets.filter((x) => x.id !== w.id)),
      }
    : null;
  const failure =
    update.error ?? duplicate.error ?? setDefault.error ?? remove.error ?? toReport.create.error;

  const header = (
    <PageHeader
      title={
        <Group gap="xs" component="span">
          {dashboard.name}
          <Badge size="sm" variant="light" color={dashboard.visibility === 'shared' ? 'teal' : 'gray'}>
            {dashboard.visibility === 'shared' ? 'Shared' : 'Private'}
          </Badge>
          {dashboard.isDefault && (
            <Badge size="sm" variant="outline">
              Default
            </Badge>
          )}
        </Group>
      }
      description={
        dashboard.editable
          ? 'Drag a widget by its bar, resize it by its corner; its menu (⋯) configures, moves and removes it.'
          : 'Shared by a colleague: read-only for you. Duplicate it to make a copy of your own.'
      }
      actions={
        <>
          <Select
            aria-label="Dashboard"
            w={220}
            size="xs"
            data={(list.data?.items ?? [dashboard]).map((d) => ({
              value: String(d.id),
              label: `${d.name}${d.visibility === 'shared' ? ' (shared)' : ''}`,
            }))}
            value={String(dashboard.id)}
            onChange={(v) => v !== null && onOpen(Number(v))}
            allowDeselect={false}
          />
          {dashboard.editable && (
            <Button size="xs" onClick={() => setDialog({ kind: 'add' })}>
              Add widget
            </Button>
          )}
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="xs" variant="default" aria-label="Dashboard actions">
                Dashboard ▾
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {dashboard.editable && (
                <Menu.Item onClick={() => setDialog({ kind: 'rename' })}>Rename…</Menu.Item>
              )}
              <Menu.Item
                onClick={() =>
                  duplicate.mutate({ id: dashboard.id, body: {} }, { onSuccess: (d) => onOpen(d.id) })
                }
              >
                Duplicate
              </Menu.Item>
              <Menu.Item disabled={dashboard.isDefault} onClick={() => setDefault.mutate(dashboard.id)}>
                Set as my default
              </Menu.Item>
              <Menu.Item onClick={() => setDialog({ kind: 'new' })}>New dashboard…</Menu.Item>
              <Menu.Item onClick={() => setDialog({ kind: 'share' })}>Share read-only…</Menu.Item>
              {toReport.allowed && widgets.length > 0 && (
                <Menu.Item
                  disabled={toReport.create.isPending}
                  onClick={() => toReport.create.mutate(dashboard.id, { onSuccess: toReport.open })}
                >
                  Create report from dashboard
                </Menu.Item>
              )}
              {dashboard.editable && (
                <>
                  <Menu.Divider />
                  <Menu.Item color="red" onClick={() => setDialog({ kind: 'delete' })}>
                    Delete…
                  </Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        </>
      }
    />
  );

  return (
    <Stack gap="sm">
      {header}
      {failure && (
        <Text size="sm" c="red" role="alert">
          {isApiError(failure) ? (failure.serverMessage ?? failure.message) : String(failure)}
        </Text>
      )}
      {widgets.length === 0 ? (
        <Paper withBorder>
          <EmptyView title="No widgets yet">
            {dashboard.editable
              ? 'Add a widget: a chart or table of a campaign, a project or a market, over the range you pick.'
              : 'This shared dashboard holds no widgets.'}
          </EmptyView>
        </Paper>
      ) : (
        <DashboardGrid
          widgets={widgets}
          today={today}
          scopeLabel={scopeLabel}
          actions={actions}
          onLayout={saveLayout}
        />
      )}
      {(dialog?.kind === 'add' || dialog?.kind === 'configure') && (
        <WidgetEditor
          opened
          widget={dialog.kind === 'configure' ? dialog.widget : null}
          newId={freshId(widgets)}
          place={nextPlace(widgets.map((w) => w.layout))}
          onClose={() => setDialog(null)}
          onSave={(w) => {
            saveWidgets(
              dialog.kind === 'configure' ? widgets.map((x) => (x.id === w.id ? w : x)) : [...widgets, w],
            );
            setDialog(null);
          }}
        />
      )}
      {(dialog?.kind === 'rename' || dialog?.kind === 'new') && (
        <NameDashboardModal
          mode={dialog.kind}
          initialName={dialog.kind === 'rename' ? dashboard.name : ''}
          onClose={() => setDialog(null)}
          onRenamed={(name) => update.mutate({ id: dashboard.id, patch: { name } })}
          onCreated={(d) => onOpen(d.id)}
        />
      )}
      {dialog?.kind === 'share' && (
        <ShareDashboardModal dashboard={dashboard} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDashboardModal
          name={dashboard.name}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(dashboard.id, {
              onSuccess: () => {
                setDialog(null);
                onOpen(null);
              },
            })
          }
        />
      )}
    </Stack>
  );
}

export function DashboardBoard() {
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('board'));
  const id = Number.isInteger(asked) && asked > 0 ? asked : null;
  const dashboard = useDashboardById(id);
  const open = (next: number | null) =>
    setSearch((s) => {
      const copy = new URLSearchParams(s);
      if (next === null) copy.delete('board');
      else copy.set('board', String(next));
      return copy;
    });
  if (dashboard.isPending) return <CardsSkeleton count={4} />;
  if (dashboard.isError) {
    const missing = isApiError(dashboard.error) && dashboard.error.status === 404;
    return (
      <Stack>
        <PageHeader title="Dashboard" />
        {missing ? (
          <EmptyView title="Dashboard not found">
            There is no dashboard {id} you can see: it may have been deleted, or it is another user’s private
            one.{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => open(null)}>
              Open my default dashboard
            </Button>
          </EmptyView>
        ) : (
          <ErrorView
            title="The dashboard could not be loaded"
            error={dashboard.error}
            onRetry={() => void dashboard.refetch()}
          />
        )}
      </Stack>
    );
  }
  return <Board key={dashboard.data.id} dashboard={dashboard.data} onOpen={open} />;
}
