// Locales of spec §2: every route ends with an optional locale segment such as `en_GB` or `de_DE` (pattern
// `[a-z]{2}_[A-Z]{2}`, default en_GB). This module validates that segment, turns it into a BCP-47 tag for
// Intl, and formats numbers and dates the same way on every screen.

export type Locale = `${string}_${string}`;

export const DEFAULT_LOCALE: Locale = 'en_GB';

/** The locale segment of a route: two lower-case language letters, underscore, two upper-case region letters. */
export const LOCALE_PATTERN = /^[a-z]{2}_[A-Z]{2}$/;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && LOCALE_PATTERN.test(value);
}

/** The locale itself when valid, otherwise the default (an absent or malformed suffix means en_GB). */
export function parseLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** `en_GB` → `en-GB`, the tag Intl understands. */
export function toBcp47(locale: Locale): string {
  return locale.replace('_', '-');
}

// Intl formatters are costly to build (about 0.05 ms each) and screens format thousands of cells; keep one
// per locale and option set.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(toBcp47(locale), options);
    numberFormats.set(key, f);
  }
  return f;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(toBcp47(locale), options);
    dateFormats.set(key, f);
  }
  return f;
}

/** A number with the locale's grouping and decimal marks; null and NaN print as an en dash. */
export function formatNumber(
  value: number | null | undefined,
  locale: Locale,
  options: Intl.NumberFormatOptions = { maximumFractionDigits: 2 },
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return numberFormat(locale, options).format(value);
}

/** A whole number (counts, search volumes). */
export function formatInteger(value: number | null | undefined, locale: Locale): string {
  return formatNumber(value, locale, { maximumFractionDigits: 0 });
}

/** A percentage given in percent units (12.5 → "12.5%"), one decimal by default. */
export function formatPercent(value: number | null | undefined, locale: Locale, fractionDigits = 1): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value / 100);
}

/** A large number shortened with the locale's compact notation (1.2M, 1,2 Mio.). */
export function formatCompact(value: number | null | undefined, locale: Locale): string {
  return formatNumber(value, locale, { notation: 'compact', maximumFractionDigits: 1 });
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar date (`YYYY-MM-DD`) or an ISO instant in the locale's medium style ("3 Mar 2025"). Calendar
 * dates are read as UTC so that no time zone shifts them by a day; instants use `timeZone`.
 */
export function formatDate(value: string | null | undefined, locale: Locale, timeZone = 'UTC'): string {
  if (!value) return '–';
  const calendar = CALENDAR_DATE.test(value);
  const date = new Date(calendar ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '–';
  return dateFormat(locale, { dateStyle: 'medium', timeZone: calendar ? 'UTC' : timeZone }).format(date);
}

/** An ISO instant with date and time in the locale's style ("3 Mar 2025, 14:05"). */
export function formatDateTime(value: string | null | undefined, locale: Locale, timeZone = 'UTC'): string {
  if (!value) return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '–';
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}
