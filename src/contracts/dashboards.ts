// Dashboards (issue 31 items 1–2): the stored config of a widget — its type, its scope (a campaign, a
// project, a market, a host in a market, a Search Console property, or the whole workspace), its filters and
// date range, and its place
// on the grid — and the dashboards that hold them, shared with the organisation or private to one user.
// One contract for the server, the web app and OpenAPI; the server keeps widgets as this JSON.
import { z } from 'zod';
import { isValidIsoDate, TIME_SPANS } from '@core/date-range';
import { hasUnsafeCharacters } from '@core/tracked-value';
import { hostParam, idParam, marketParam } from './common';

/** Grid columns of a dashboard: x + w never passes it. */
export const DASHBOARD_COLUMNS = 12;
/** Most widgets one dashboard holds: each reads on its own, so a page stays quick. */
export const MAX_DASHBOARD_WIDGETS = 40;
export const MAX_DASHBOARD_NAME = 120;

/** Which scope each widget type reads; the first is the one the add-widget form offers first. */
export const WIDGET_SCOPES = {
  'campaign-visibility': ['campaign'],
  'share-of-visibility': ['campaign'],
  'competitors-league': ['campaign'],
  'rank-ranges': ['campaign'],
  'result-type-prominence': ['campaign'],
  movers: ['campaign'],
  'project-visibility': ['project'],
  'market-share': ['market', 'host'],
  'workspace-overview': ['workspace'],
  'rank-table': ['campaign'],
  'tag-matrix': ['campaign'],
  'search-console-totals': ['search-console'],
  tasks: ['workspace', 'campaign'],
} as const satisfies Record<string, readonly ScopeKind[]>;

type ScopeKind = 'campaign' | 'project' | 'market' | 'host' | 'search-console' | 'workspace';
export type WidgetType = keyof typeof WIDGET_SCOPES;
export const WIDGET_TYPES = Object.keys(WIDGET_SCOPES) as [WidgetType, ...WidgetType[]];

export const widgetScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('campaign'), campaignId: z.number().int().positive() }).strict(),
  z.object({ kind: z.literal('project'), projectId: z.number().int().positive() }).strict(),
  z.object({ kind: z.literal('market'), market: marketParam }).strict(),
  z.object({ kind: z.literal('host'), host: hostParam, market: marketParam }).strict(),
  z
    .object({
      kind: z.literal('search-console'),
      /** The property as its rows were imported or synced (GET /api/v1/search-console/sites lists them). */
      site: z
        .string()
        .trim()
        .min(1, 'name the Search Console property, e.g. example.com, as the Search Console sites list it')
        .max(500, 'a Search Console property has at most 500 characters'),
    })
    .strict(),
  z.object({ kind: z.literal('workspace') }).strict(),
]);
export type WidgetScope = z.infer<typeof widgetScope>;

const day = z.string().refine(isValidIsoDate, 'expected a real day as YYYY-MM-DD, e.g. 2024-03-05');

/** Relative: the span before today (as the market-share screen counts it); fixed: two inclusive days. */
export const widgetRange = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('relative'),
      span: z.enum(TIME_SPANS, { error: `expected a span: one of ${TIME_SPANS.join(', ')}` }),
    })
    .strict(),
  z
    .object({ kind: z.literal('fixed'), from: day, to: day })
    .strict()
    .refine((r) => r.from <= r.to, {
      message: 'from is after to: give the earlier day as from',
      path: ['from'],
    }),
]);
export type WidgetRange = z.infer<typeof widgetRange>;

/** Narrowing of a campaign widget; empty lists narrow nothing (every tracked domain, every keyword). */
export const widgetFilters = z
  .object({
    domains: z.array(z.string().min(1).max(500)).max(25).default([]),
    tags: z.array(z.string().min(1).max(200)).max(50).default([]),
  })
  .strict();
export type WidgetFilters = z.infer<typeof widgetFilters>;

/** A widget's cell on the grid, in grid units (12 columns; rows of 40 px). */
const cell = {
  x: z
    .number()
    .int()
    .min(0)
    .max(DASHBOARD_COLUMNS - 1),
  y: z.number().int().min(0).max(10_000),
  w: z.number().int().min(1).max(DASHBOARD_COLUMNS),
  h: z.number().int().min(2).max(40),
};
const fitsGrid = (l: { x: number; w: number }) => l.x + l.w <= DASHBOARD_COLUMNS;
const fitsGridError = {
  message: `x + w is at most ${DASHBOARD_COLUMNS} (the grid's columns): move it left or make it narrower`,
  path: ['w'],
};

export const widgetLayout = z.object(cell).strict().refine(fitsGrid, fitsGridError);
export type WidgetLayout = z.infer<typeof widgetLayout>;

const widgetId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'expected a widget id of lower-case letters, digits and dashes');

const title = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `give the ${what} a name`)
    .max(max, `a ${what} name has at most ${max} characters`)
    .refine(
      (v) => !hasUnsafeCharacters(v),
      `a ${what} name stays on one line, without control or text-direction characters`,
    );

/** A widget's scope must be one its type reads (a dashboard widget's, or a report block's own). */
export function checkWidgetScope(
  w: { type: WidgetType; scope?: WidgetScope | undefined },
  ctx: z.RefinementCtx,
): void {
  const allowed: readonly string[] = WIDGET_SCOPES[w.type];
  if (w.scope !== undefined && !allowed.includes(w.scope.kind)) {
    ctx.addIssue({
      code: 'custom',
      path: ['scope', 'kind'],
      message: `a ${w.type} widget reads a ${allowed.join(' or ')} scope, not a ${w.scope.kind}: pick one`,
    });
  }
}

export const dashboardWidget = z
  .object({
    id: widgetId,
    type: z.enum(WIDGET_TYPES, { error: `expected a widget type: one of ${WIDGET_TYPES.join(', ')}` }),
    scope: widgetScope,
    filters: widgetFilters.default({ domains: [], tags: [] }),
    range: widgetRange.default({ kind: 'relative', span: 'half-year' }),
    /** A title of the user's; null: the type's own. */
    title: title('widget', 120).nullable().default(null),
    layout: widgetLayout,
  })
  .strict()
  .superRefine(checkWidgetScope);
export type DashboardWidget = z.infer<typeof dashboardWidget>;

export const dashboardWidgets = z
  .array(dashboardWidget)
  .max(MAX_DASHBOARD_WIDGETS, `a dashboard holds at most ${MAX_DASHBOARD_WIDGETS} widgets: start another`)
  .refine((ws) => new Set(ws.map((w) => w.id)).size === ws.length, {
    message: 'each widget id may be listed once',
  });

export const dashboardVisibility = z.enum(['shared', 'private']);

export const dashboard = z.object({
  id: z.number().int(),
  name: z.string(),
  /** shared: every user of the organisation sees it; private: only its owner. */
  visibility: dashboardVisibility,
  ownerId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  /** True when it is the signed-in user's default dashboard. */
  isDefault: z.boolean(),
  /** True when the signed-in user may rename, edit or delete it. */
  editable: z.boolean(),
  widgets: z.array(dashboardWidget),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Dashboard = z.infer<typeof dashboard>;

export const dashboardSummary = dashboard.omit({ widgets: true }).extend({ widgetCount: z.number().int() });
export type DashboardSummary = z.infer<typeof dashboardSummary>;

export const dashboardsResponse = z.object({
  items: z.array(dashboardSummary),
  /** The signed-in user's default dashboard; null when none is set. */
  defaultId: z.number().int().nullable(),
});

export const createDashboardRequest = z
  .object({
    name: title('dashboard', MAX_DASHBOARD_NAME),
    visibility: dashboardVisibility.default('private'),
    widgets: dashboardWidgets.default([]),
  })
  .strict();

export const updateDashboardRequest = z
  .object({
    name: title('dashboard', MAX_DASHBOARD_NAME).optional(),
    /** Replaces every widget (config and place). */
    widgets: dashboardWidgets.optional(),
    /** Moves and resizes existing widgets only; each id must be on the dashboard. */
    layout: z
      .array(
        z
          .object({ id: widgetId, ...cell })
          .strict()
          .refine(fitsGrid, fitsGridError),
      )
      .max(MAX_DASHBOARD_WIDGETS)
      .optional(),
  })
  .strict()
  .refine((b) => b.widgets === undefined || b.layout === undefined, {
    message: 'send either widgets or layout, not both (widgets already carry their layout)',
    path: ['layout'],
  });

export const duplicateDashboardRequest = z
  .object({
    name: title('dashboard', MAX_DASHBOARD_NAME).optional(),
    visibility: dashboardVisibility.default('private'),
  })
  .strict();

export const dashboardIdParams = z.object({ id: idParam });
