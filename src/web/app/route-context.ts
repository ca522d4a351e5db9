// The current address as the screens see it: the matched route, its routing parameters and the locale, plus
// formatting helpers bound to that locale and links that keep the locale segment.
import { createContext, useContext, useMemo } from 'react';
import {
  DEFAULT_LOCALE,
  formatCompact,
  formatDate,
  formatDateTime,
  formatInteger,
  formatNumber,
  formatPercent,
} from '@core/locale';
import type { Locale } from '@core/locale';
import { browserTimeZone } from '../state/date-range-store';
import { localisePath } from '../routes/match-route';
import type { RouteMatch } from '../routes/match-route';
import { routingParams } from '../routes/routing-params';
import type { RoutingParams } from '../routes/routing-params';

export interface RouteContextValue {
  match: RouteMatch | null;
  params: RoutingParams;
  locale: Locale;
}

export const RouteContext = createContext<RouteContextValue>({
  match: null,
  params: routingParams(null, new URLSearchParams()),
  locale: DEFAULT_LOCALE,
});

export function useRoute(): RouteContextValue {
  return useContext(RouteContext);
}

export function useLocale(): Locale {
  return useContext(RouteContext).locale;
}

/** `path` with the current locale segment, for links that keep the reader's locale. */
export function useHref(): (path: string) => string {
  const locale = useLocale();
  return useMemo(() => (path: string) => localisePath(path, locale), [locale]);
}

export interface Formatters {
  locale: Locale;
  number: (v: number | null | undefined, options?: Intl.NumberFormatOptions) => string;
  integer: (v: number | null | undefined) => string;
  percent: (v: number | null | undefined, fractionDigits?: number) => string;
  compact: (v: number | null | undefined) => string;
  /** A `YYYY-MM-DD` date or an ISO instant, as a date. */
  date: (v: string | null | undefined) => string;
  dateTime: (v: string | null | undefined) => string;
}

export function useFormat(): Formatters {
  const locale = useLocale();
  return useMemo(() => {
    const zone = browserTimeZone();
    return {
      locale,
      number: (v, options) => formatNumber(v, locale, options),
      integer: (v) => formatInteger(v, locale),
      percent: (v, digits) => formatPercent(v, locale, digits),
      compact: (v) => formatCompact(v, locale),
      date: (v) => formatDate(v, locale, zone),
      dateTime: (v) => formatDateTime(v, locale, zone),
    };
  }, [locale]);
}
