// The look: a calm blue primary, neutral greys, system fonts, small radii and compact tables, with focus
// rings shown for keyboard users. Select-like inputs mount their option list only when opened: a list kept
// mounted (hidden) is positioned at mount, and each positioning forces a style recalculation of the page
// (about 40 of them on the campaign-visibility screen).
import { Badge, Button, Combobox, Modal, NavLink, Table, Tooltip, createTheme } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#eef3ff',
  '#dce4f5',
  '#b6c6e9',
  '#8da6dd',
  '#6a8bd3',
  '#5479cd',
  '#3f66c4',
  '#3456ad',
  '#2b4a9b',
  '#1f3d87',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  focusRing: 'auto',
  defaultRadius: 'sm',
  cursorType: 'pointer',
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: '600' },
  components: {
    Button: Button.extend({ defaultProps: { size: 'sm' } }),
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
    Badge: Badge.extend({ defaultProps: { radius: 'sm' } }),
    Table: Table.extend({ defaultProps: { verticalSpacing: 'xs', horizontalSpacing: 'sm', fz: 'sm' } }),
    Tooltip: Tooltip.extend({
      defaultProps: { openDelay: 300, withArrow: true, multiline: true, maw: 320, fz: 'xs' },
    }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    NavLink: NavLink.extend({ defaultProps: { variant: 'light' } }),
  },
});
