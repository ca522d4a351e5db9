// One widget on the dashboard grid: a bar that is the drag handle (scope and range, for the reader) with the
// widget's menu — configure, move and resize step by step from the keyboard, remove — and the widget below,
// scrolling inside its cell. The tile is a Tab stop of its own, named after the widget.
import { forwardRef } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { ActionIcon, Box, Group, Menu, Text } from '@mantine/core';
import type { DashboardWidget } from '@contracts/dashboards';
import { GRID_MOVES } from './grid-moves';
import type { GridMove } from './grid-moves';
import { WIDGET_LIBRARY } from './widgets/widget-registry';

export interface TileActions {
  onConfigure: (w: DashboardWidget) => void;
  onMove: (w: DashboardWidget, move: GridMove) => void;
  onRemove: (w: DashboardWidget) => void;
}

interface Props extends Partial<TileActions> {
  widget: DashboardWidget;
  scopeLabel: string;
  /** The bar drags the tile (false on a phone's one column, or read-only). */
  draggable: boolean;
  /** The widget itself. */
  body: ReactNode;
  /** What the grid library adds: its resize handle, which its styles want as the tile's direct child. */
  children?: ReactNode;
  style?: CSSProperties;
  className?: string;
}

export const WidgetTile = forwardRef<HTMLDivElement, Props>(function WidgetTile(
  { widget, scopeLabel, draggable, body, children, style, className, onConfigure, onMove, onRemove, ...rest },
  ref,
) {
  const label = widget.title ?? WIDGET_LIBRARY[widget.type].label;
  const editable = onConfigure !== undefined && onMove !== undefined && onRemove !== undefined;
  return (
    <Box
      ref={ref}
      style={{ ...style, display: 'flex', flexDirection: 'column', minWidth: 0 }}
      className={className}
      data-widget-tile={widget.id}
      data-widget-type={widget.type}
      tabIndex={0}
      role="group"
      aria-label={`${label}: ${scopeLabel}`}
      {...rest}
    >
      <Group
        className="dashboard-drag-handle"
        justify="space-between"
        wrap="nowrap"
        gap={4}
        px={8}
        py={2}
        style={{
          cursor: draggable ? 'grab' : undefined,
          background: 'var(--mantine-color-gray-0)',
          borderRadius: '6px 6px 0 0',
        }}
      >
        <Text size="xs" c="dimmed" truncate>
          {draggable ? '⠿ ' : ''}
          {scopeLabel}
        </Text>
        {editable && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Widget menu: ${label}`}>
                ⋯
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onConfigure(widget)}>Configure…</Menu.Item>
              <Menu.Divider />
              {GRID_MOVES.map((m) => (
                <Menu.Item key={m.move} onClick={() => onMove(widget, m.move)} closeMenuOnClick={false}>
                  {m.label}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item color="red" onClick={() => onRemove(widget)}>
                Remove
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Box style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>{body}</Box>
      {children}
    </Box>
  );
});
