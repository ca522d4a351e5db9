import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  formatCompact,
  formatDate,
  formatDateTime,
  formatInteger,
  formatNumber,
  formatPercent,
  isLocale,
  parseLocale,
  toBcp47,
} from './locale';

// Intl output uses narrow no-break spaces in some locales; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('locale segment', () => {
  it('accepts the pattern [a-z]{2}_[A-Z]{2} only', () => {
    expect(isLocale('en_GB')).toBe(true);
    expect(isLocale('de_DE')).toBe(true);
    for (const bad of ['en-GB', 'EN_gb', 'en_gb', 'eng_GB', 'en_GBR', '', 'en'])
      expect(isLocale(bad), bad).toBe(false);
  });

  it('defaults to en_GB when absent or malformed', () => {
    expect(DEFAULT_LOCALE).toBe('en_GB');
    expect(parseLocale(undefined)).toBe('en_GB');
    expect(parseLocale('de-DE')).toBe('en_GB');
    expect(parseLocale('fr_FR')).toBe('fr_FR');
  });

  it('turns a locale into a BCP-47 tag', () => {
    expect(toBcp47('de_DE')).toBe('de-DE');
  });
});

describe('number formats', () => {
  it('uses the locale grouping and decimal marks', () => {
    expect(formatNumber(1234567.891, 'en_GB')).toBe('1,234,567.89');
    expect(formatNumber(1234567.891, 'de_DE')).toBe('1.234.567,89');
    expect(plain(formatNumber(1234567.891, 'fr_FR'))).toBe('1 234 567,89');
    expect(formatInteger(9876.5, 'en_GB')).toBe('9,877');
  });

  it('prints percentages given in percent units', () => {
    expect(formatPercent(12.345, 'en_GB')).toBe('12.3%');
    expect(plain(formatPercent(12.345, 'de_DE'))).toBe('12,3 %');
  });

  it('shortens large numbers', () => {
    expect(formatCompact(1_250_000, 'en_US')).toBe('1.3M');
    expect(formatCompact(1_250_000, 'en_GB')).toBe('1.3m');
  });

  it('prints missing values as an en dash', () => {
    expect(formatNumber(null, 'en_GB')).toBe('–');
    expect(formatPercent(Number.NaN, 'en_GB')).toBe('–');
  });
});

describe('date formats', () => {
  it('prints calendar dates without a time-zone shift', () => {
    expect(formatDate('2025-03-01', 'en_GB')).toBe('1 Mar 2025');
    expect(formatDate('2025-03-01', 'de_DE')).toBe('01.03.2025');
    expect(formatDate('2025-03-01', 'en_US', 'America/Los_Angeles')).toBe('Mar 1, 2025');
  });

  it('prints instants in the given zone', () => {
    expect(formatDate('2025-03-01T23:30:00Z', 'en_GB', 'Europe/Berlin')).toBe('2 Mar 2025');
    expect(formatDateTime('2025-03-01T14:05:00Z', 'en_GB')).toBe('1 Mar 2025, 14:05');
  });

  it('prints missing or unreadable dates as an en dash', () => {
    expect(formatDate(null, 'en_GB')).toBe('–');
    expect(formatDate('not a date', 'en_GB')).toBe('–');
  });
});
