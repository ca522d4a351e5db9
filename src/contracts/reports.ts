// Report definitions (spec §2 reporting, ROLE_REPORTS): a named selection of campaign-visibility widgets
// for one campaign, in report order, rendered as HTML or CSV. The section ids are the widgets of the
// campaign-visibility screen.
import { z } from 'zod';

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

export const report = z.object({
  id: z.number().int(),
  name: z.string(),
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

export const createReportRequest = z.object({
  name: z.string().trim().min(1, 'enter a report name').max(200, 'use at most 200 characters'),
  campaignId: z.number().int().positive('expected a campaign id'),
  sections: z
    .array(reportSection)
    .min(1, 'choose at least one section')
    .max(REPORT_SECTIONS.length)
    .refine((s) => new Set(s).size === s.length, 'each section may appear only once'),
  format: reportFormat.default('html'),
});
export type CreateReportRequest = z.infer<typeof createReportRequest>;
