// The dashboard's grid (react-grid-layout): 12 columns of 40 px rows; widgets are dragged by their bar and
// resized by their corner, and each finished drag or resize saves the whole layout. Under 640 px (a phone)
// the same grid has one column: the widgets stack in their grid order, keeping their heights, with the menu
// still there. It stays one grid so that crossing 640 px never remounts a widget (which would abandon its
// requests in flight).
import { useEffect, useMemo, useState } from 'react';
import GridLayout, { useContainerWidth } from 'react-grid-layout';
import type { Layout, LayoutItem } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { DASHBOARD_COLUMNS } from '@contracts/dashboards';
import type { DashboardWidget, WidgetLayout } from '@contracts/dashboards';
import { WidgetTile } from './WidgetTile';
import type { TileActions } from './WidgetTile';
import { WIDGET_LIBRARY } from './widgets/widget-registry';

const ROW_HEIGHT = 40;
const MARGIN = 12;
/** Narrower than this, the grid becomes one column. */
const PHONE_WIDTH = 640;

export type LayoutCells = Record<string, WidgetLayout>;

const cellsOf = (layout: Layout): LayoutCells =>
  Object.fromEntries(layout.map((l) => [l.i, { x: l.x, y: l.y, w: l.w, h: l.h }]));

/** The grid order (top to bottom, then left to right) as one column, each widget keeping its height. */
function oneColumn(layout: readonly LayoutItem[]): LayoutItem[] {
  let y = 0;
  return [...layout]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((l) => {
      const item = { ...l, x: 0, y, w: 1, minW: 1 };
      y += l.h;
      return item;
    });
}

const sameCells = (a: LayoutCells, b: LayoutCells) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([i, c]) => {
    const d = b[i];
    return d !== undefined && d.x === c.x && d.y === c.y && d.w === c.w && d.h === c.h;
  });

export function DashboardGrid({
  widgets,
  today,
  scopeLabel,
  actions,
  onLayout,
}: {
  widgets: DashboardWidget[];
  today: string;
  scopeLabel: (w: DashboardWidget) => string;
  /** Absent: the dashboard is read-only for this user (no drag, resize or menu). */
  actions: TileActions | null;
  onLayout: (cells: LayoutCells) => void;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  const saved = useMemo(() => Object.fromEntries(widgets.map((w) => [w.id, w.layout])), [widgets]);
  // What the grid shows, following a drag as it happens; back to the saved layout whenever that changes.
  const [cells, setCells] = useState<LayoutCells>(saved);
  useEffect(() => setCells(saved), [saved]);
  const layout = useMemo<LayoutItem[]>(
    () => widgets.map((w) => ({ i: w.id, ...(cells[w.id] ?? w.layout), minW: 2, minH: 3, maxH: 40 })),
    [widgets, cells],
  );
  const finish = (next: Layout) => {
    const c = cellsOf(next);
    setCells(c);
    if (!sameCells(c, saved)) onLayout(c);
  };
  const phone = width < PHONE_WIDTH;
  const editable = actions !== null && !phone;
  return (
    <div ref={containerRef} data-dashboard-grid={phone ? 'stack' : 'grid'}>
      {mounted && (
        <GridLayout
          width={width}
          layout={phone ? oneColumn(layout) : layout}
          gridConfig={{
            cols: phone ? 1 : DASHBOARD_COLUMNS,
            rowHeight: ROW_HEIGHT,
            margin: [MARGIN, MARGIN],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: editable, handle: '.dashboard-drag-handle', cancel: 'button' }}
          resizeConfig={{ enabled: editable, handles: ['se'] }}
          onLayoutChange={(next) => {
            if (!phone) setCells(cellsOf(next));
          }}
          onDragStop={finish}
          onResizeStop={finish}
        >
          {widgets.map((w) => (
            <WidgetTile
              key={w.id}
              widget={w}
              scopeLabel={scopeLabel(w)}
              draggable={editable}
              style={{
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 6,
                background: 'white',
              }}
              body={WIDGET_LIBRARY[w.type].render(w, today)}
              {...actions}
            />
          ))}
        </GridLayout>
      )}
    </div>
  );
}
