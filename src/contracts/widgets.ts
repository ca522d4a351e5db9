// Widgets config per user (spec §2 widgets, issue 4): which widgets of a screen module are shown, in which
// order, and the one expanded widget. GET /api/v2/widgets?moduleName=… answers the saved config or null (the
// screen then uses its defaults); PUT saves it for the signed-in user.
import { z } from 'zod';

const widgetId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'expected a widget id of lower-case letters, digits and dashes');

export const widgetsQuery = z.object({
  moduleName: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'expected a module name such as campaign-visibility'),
});
export type WidgetsQuery = z.infer<typeof widgetsQuery>;

export const widgetsConfig = z
  .object({
    /** Every widget in screen order; hidden ones stay listed with visible false. */
    widgets: z.array(z.object({ id: widgetId, visible: z.boolean() })).max(100),
    /** The one widget drawn across the whole width, or null. */
    expanded: widgetId.nullable(),
  })
  .refine((c) => new Set(c.widgets.map((w) => w.id)).size === c.widgets.length, {
    message: 'each widget may be listed once',
    path: ['widgets'],
  });
export type WidgetsConfig = z.infer<typeof widgetsConfig>;

export const widgetsResponse = z.object({
  moduleName: z.string(),
  config: widgetsConfig.nullable(),
  /** ISO instant of the last save; null when never saved. */
  updatedAt: z.string().nullable(),
});
export type WidgetsResponse = z.infer<typeof widgetsResponse>;
