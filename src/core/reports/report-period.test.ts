import { describe, expect, it } from 'vitest';
import { resolveReportPeriod } from './report-period';

describe('resolveReportPeriod', () => {
  it('resolves last week to the Monday–Sunday before the current week', () => {
    // 2026-11-27 is a Friday.
    expect(resolveReportPeriod({ kind: 'relative', span: 'last-week' }, '2026-11-27')).toMatchObject({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    // On a Monday the week before is the whole previous week.
    expect(resolveReportPeriod({ kind: 'relative', span: 'last-week' }, '2026-11-23')).toMatchObject({
      from: '2026-11-16',
      to: '2026-11-22',
    });
  });

  it('resolves last month across a year end and month to date', () => {
    expect(resolveReportPeriod({ kind: 'relative', span: 'last-month' }, '2026-01-15')).toMatchObject({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(resolveReportPeriod({ kind: 'relative', span: 'last-month' }, '2024-03-31')).toMatchObject({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(resolveReportPeriod({ kind: 'relative', span: 'month-to-date' }, '2026-11-27')).toEqual({
      from: '2026-11-01',
      to: '2026-11-27',
      label: 'month to date (2026-11-01 – 2026-11-27)',
    });
  });

  it('keeps a fixed period', () => {
    expect(
      resolveReportPeriod({ kind: 'fixed', from: '2026-01-01', to: '2026-02-01' }, '2026-11-27'),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-02-01',
      label: '2026-01-01 – 2026-02-01',
    });
  });
});
