// Report definitions (spec §2 reporting, ROLE_REPORTS; issue 31 item 3): a titled sequence of blocks —
// widgets of the dashboard library, text, page breaks — over one campaign's scope and a period (fixed or
// relative; a widget may have its own scope, filters and range), with a cover page in the organisation's brand template. The older `sections` (widget ids of the
// campaign-visibility screen) are still accepted and answered; a report sent with sections only gets the
// matching widget blocks.
import { z } from 'zod';
import { RELATIVE_REPORT_PERIODS } from '@core/reports/report-period';
import { isValidIsoDate } from '@core/date-range';
import { hasUnsafeCharacters } from '@core/tracked-value';
import {
  checkWidgetScope,
  WIDGET_SCOPES,
  WIDGET_TYPES,
  widgetFilters,
  widgetRange,
  widgetScope,
} from './dashboards';
import type { WidgetScope, WidgetType } from './dashboards';

export const REPORT_SECTIONS = [
  'visibility',
  'share-of-visibility',
  'result-type-prominence',
  'rank-ranges',
  'search-volume-ranges',
  'visibility-by-group',
  'visibility-by-tag',
  'visibility-score-lost',
  'competitors-league',
  'keywords-by-search-volume',
  'ranking-urls',
  'ranking-keywords',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

export const REPORT_SECTION_LABELS: Record<ReportSection, string> = {
  visibility: 'Visibility',
  'share-of-visibility': 'Share of visibility',
  'result-type-prominence': 'Result-type prominence',
  'rank-ranges': 'Rank ranges',
  'search-volume-ranges': 'Search-volume ranges',
  'visibility-by-group': 'Visibility by keyword group',
  'visibility-by-tag': 'Visibility by tag',
  'visibility-score-lost': 'Visibility score lost',
  'competitors-league': 'Competitors league',
  'keywords-by-search-volume': 'Keywords by search volume',
  'ranking-urls': 'Ranking URLs',
  'ranking-keywords': 'Ranking keywords',
};

export function isReportSection(value: string): value is ReportSection {
  return (REPORT_SECTIONS as readonly string[]).includes(value);
}

export const reportSection = z.enum(REPORT_SECTIONS, {
  message: `expected one of ${REPORT_SECTIONS.join(', ')}`,
});
export const REPORT_FORMATS = ['html', 'csv'] as const;
export const reportFormat = z.enum(REPORT_FORMATS, { message: 'expected html or csv' });

const day = z.string().refine(isValidIsoDate, 'expected a real day as YYYY-MM-DD, e.g. 2026-03-05');

export const reportPeriod = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('relative'),
      span: z.enum(RELATIVE_REPORT_PERIODS, {
        error: `expected a period: one of ${RELATIVE_REPORT_PERIODS.join(', ')}`,
      }),
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
export type ReportPeriod = z.infer<typeof reportPeriod>;

const blockId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'expected a block id of lower-case letters, digits and dashes');
const oneLine = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${what} has at most ${max} characters`)
    .refine((v) => !hasUnsafeCharacters(v), `${what} stays on one line, without control characters`);

export const MAX_REPORT_BLOCKS = 60;
export const MAX_REPORT_TEXT = 10_000;

/**
 * One block of a report: a widget of the dashboard library, text, or a page break. A widget reads the
 * report's scope (its campaign, that campaign's project or market) over the report's period unless it has its
 * own: a scope (another campaign, project, market or host of the organisation), filters (tracked domains and
 * tags of a campaign widget) and a range (fixed days, or a span ending on the report period's last day).
 */
/** A report's scope is a campaign: a widget reading only a scope a campaign does not give names its own. */
function checkOwnScope(b: { type: WidgetType; scope?: WidgetScope | undefined }, ctx: z.RefinementCtx): void {
  const kinds: readonly string[] = WIDGET_SCOPES[b.type];
  if (b.scope === undefined && kinds.length === 1 && kinds[0] === 'search-console') {
    ctx.addIssue({
      code: 'custom',
      path: ['scope'],
      message: `a ${b.type} widget reads a Search Console property, which the report's campaign does not name: give scope {kind: 'search-console', site}`,
    });
  }
}

export const reportBlock = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('widget'),
      id: blockId,
      type: z.enum(WIDGET_TYPES, { error: `expected a widget type: one of ${WIDGET_TYPES.join(', ')}` }),
      /** A title of the user's; null: the widget's own. */
      title: oneLine('a widget title', 120).nullable().default(null),
      scope: widgetScope.optional(),
      filters: widgetFilters.optional(),
      range: widgetRange.optional(),
    })
    .strict()
    .superRefine(checkWidgetScope)
    .superRefine(checkOwnScope),
  z
    .object({
      kind: z.literal('text'),
      id: blockId,
      heading: oneLine('a heading', 200).default(''),
      text: z.string().max(MAX_REPORT_TEXT, `a text block has at most ${MAX_REPORT_TEXT} characters`),
    })
    .strict(),
  z.object({ kind: z.literal('page-break'), id: blockId }).strict(),
]);
export type ReportBlock = z.infer<typeof reportBlock>;

export const reportBlocks = z
  .array(reportBlock)
  .max(MAX_REPORT_BLOCKS, `a report holds at most ${MAX_REPORT_BLOCKS} blocks`)
  .refine((bs) => new Set(bs.map((b) => b.id)).size === bs.length, 'each block id may be listed once');

export const DEFAULT_REPORT_PERIOD: ReportPeriod = { kind: 'relative', span: 'last-month' };

export const report = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The cover page's title (the name unless set). */
  title: z.string(),
  blocks: z.array(reportBlock),
  period: reportPeriod,
  campaignId: z.number().int(),
  /** Null when the campaign no longer exists. */
  campaignName: z.string().nullable(),
  sections: z.array(reportSection),
  format: reportFormat,
  createdBy: z.number().int(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof report>;

export const reportsResponse = z.object({ items: z.array(report), total: z.number().int() });
export type ReportsResponse = z.infer<typeof reportsResponse>;

export const createReportRequest = z
  .object({
    name: z.string().trim().min(1, 'enter a report name').max(200, 'use at most 200 characters'),
    campaignId: z.number().int().positive('expected a campaign id'),
    /** The older definition: campaign-visibility widget ids; optional when blocks are given. */
    sections: z
      .array(reportSection)
      .min(1, 'choose at least one section')
      .max(REPORT_SECTIONS.length)
      .refine((s) => new Set(s).size === s.length, 'each section may appear only once')
      .optional(),
    format: reportFormat.default('html'),
    title: oneLine('a title', 200).optional(),
    blocks: reportBlocks.optional(),
    period: reportPeriod.default(DEFAULT_REPORT_PERIOD),
  })
  .refine((r) => (r.blocks?.length ?? 0) > 0 || r.sections !== undefined, {
    message: 'add at least one block (or section)',
    path: ['blocks'],
  });
export type CreateReportRequest = z.infer<typeof createReportRequest>;

/** Legacy section ids → the dashboard widget drawing the same chart (sections without one have no block). */
export const SECTION_WIDGETS: Partial<Record<ReportSection, (typeof WIDGET_TYPES)[number]>> = {
  visibility: 'campaign-visibility',
  'share-of-visibility': 'share-of-visibility',
  'result-type-prominence': 'result-type-prominence',
  'rank-ranges': 'rank-ranges',
  'competitors-league': 'competitors-league',
  'visibility-score-lost': 'movers',
};

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour as #rrggbb, e.g. #1c7ed6');
/** A logo as a data URL of a PNG, JPEG or SVG image, at most 300,000 characters (~220 kB). */
export const MAX_LOGO_CHARS = 300_000;

/** The organisation's brand template (spec: the template setting) for report cover pages. */
export const reportBrand = z
  .object({
    name: oneLine('a brand name', 120).pipe(z.string().min(1, 'give the brand a name')),
    primaryColor: hexColour,
    accentColor: hexColour,
    logo: z
      .string()
      .max(
        MAX_LOGO_CHARS,
        `a logo is at most ${MAX_LOGO_CHARS} characters as a data URL: use a smaller image`,
      )
      .regex(
        /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/,
        'expected a logo as a data URL of a PNG, JPEG or SVG image (data:image/png;base64,…)',
      )
      .nullable(),
  })
  .strict();
export type ReportBrand = z.infer<typeof reportBrand>;
