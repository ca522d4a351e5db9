// Moving and resizing a dashboard widget from its menu (the keyboard's way to do what dragging does): one
// grid step at a time, kept inside the 12 columns and the contract's bounds. The grid packs widgets upwards,
// so up and down move past the neighbour above or below (sharing a column) rather than by one row, which
// the packing would undo. Pure.
import { DASHBOARD_COLUMNS } from '@contracts/dashboards';
import type { WidgetLayout } from '@contracts/dashboards';

export type GridMove = 'up' | 'down' | 'left' | 'right' | 'wider' | 'narrower' | 'taller' | 'shorter';

export const GRID_MOVES: readonly { move: GridMove; label: string }[] = [
  { move: 'up', label: 'Move up' },
  { move: 'down', label: 'Move down' },
  { move: 'left', label: 'Move left' },
  { move: 'right', label: 'Move right' },
  { move: 'wider', label: 'Wider' },
  { move: 'narrower', label: 'Narrower' },
  { move: 'taller', label: 'Taller' },
  { move: 'shorter', label: 'Shorter' },
];

/** Heights a widget may take, in rows (the contract's bounds). */
const MIN_H = 2;
const MAX_H = 40;

const sharesColumns = (a: WidgetLayout, b: WidgetLayout) => a.x < b.x + b.w && b.x < a.x + a.w;

export function moveCell(l: WidgetLayout, move: GridMove, others: readonly WidgetLayout[]): WidgetLayout {
  const column = others.filter((o) => sharesColumns(o, l));
  switch (move) {
    case 'up': {
      const above = column.filter((o) => o.y < l.y).sort((a, b) => b.y - a.y)[0];
      return above === undefined ? l : { ...l, y: Math.max(0, above.y - 1) };
    }
    case 'down': {
      const below = column.filter((o) => o.y > l.y).sort((a, b) => a.y - b.y)[0];
      return below === undefined ? l : { ...l, y: below.y + 1 };
    }
    case 'left':
      return { ...l, x: Math.max(0, l.x - 1) };
    case 'right':
      return { ...l, x: Math.min(DASHBOARD_COLUMNS - l.w, l.x + 1) };
    case 'wider':
      return l.x + l.w < DASHBOARD_COLUMNS
        ? { ...l, w: l.w + 1 }
        : { ...l, x: Math.max(0, l.x - 1), w: Math.min(DASHBOARD_COLUMNS, l.w + 1) };
    case 'narrower':
      return { ...l, w: Math.max(1, l.w - 1) };
    case 'taller':
      return { ...l, h: Math.min(MAX_H, l.h + 1) };
    case 'shorter':
      return { ...l, h: Math.max(MIN_H, l.h - 1) };
  }
}

/** Where a new widget goes: under everything on the dashboard, at the left. */
export function nextPlace(cells: readonly WidgetLayout[]): Pick<WidgetLayout, 'x' | 'y'> {
  return { x: 0, y: cells.reduce((bottom, c) => Math.max(bottom, c.y + c.h), 0) };
}
