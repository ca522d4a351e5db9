// The date-range picker: edits the date-range store (YYYY-MM-DD bounds), shows the range in the reader's
// locale, and offers the usual analyst presets. A half-picked range is kept locally until both ends are set.
import { useMemo, useState } from 'react';
import { DatePickerInput } from '@mantine/dates';
import type { DatesRangeValue, DateStringValue } from '@mantine/dates';
import { addDays, isoDateInZone, subtractMonths } from '@core/date-range';
import { CalendarIcon } from '../../components/icons';
import { browserTimeZone, useDateRangeStore } from '../../state/date-range-store';
import { useFormat } from '../route-context';

type Range = [DateStringValue | null, DateStringValue | null];

export function rangePresets(today: string): { label: string; value: [string, string] }[] {
  return [
    { label: 'Last 30 days', value: [addDays(today, -29), today] },
    { label: 'Last 3 months', value: [subtractMonths(today, 3), today] },
    { label: 'Last 6 months', value: [subtractMonths(today, 6), today] },
    { label: 'Last 12 months', value: [subtractMonths(today, 12), today] },
    { label: 'Year to date', value: [`${today.slice(0, 4)}-01-01`, today] },
  ];
}

const asIso = (v: DateStringValue | Date | null | undefined): string | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? v.slice(0, 10) : isoDateInZone(v, 'UTC');

/** `width`: px in the header, '100%' in the narrow-screen sidebar. */
export function DateRangeControl({ width = 212 }: { width?: number | string }) {
  const { startDate, endDate, setDateRange } = useDateRangeStore();
  const format = useFormat();
  const [draft, setDraft] = useState<Range | null>(null);
  const today = isoDateInZone(new Date(), browserTimeZone());
  const presets = useMemo(() => rangePresets(today), [today]);
  const value: Range = draft ?? [startDate, endDate];

  const onChange = (next: DatesRangeValue<DateStringValue>) => {
    const range: Range = [asIso(next[0]), asIso(next[1])];
    if (range[0] !== null && range[1] !== null) {
      setDraft(null);
      setDateRange(range[0], range[1]);
    } else {
      setDraft(range);
    }
  };

  return (
    <DatePickerInput
      type="range"
      size="xs"
      w={width}
      aria-label="Date range"
      leftSection={<CalendarIcon size={14} />}
      value={value}
      onChange={onChange}
      maxDate={today}
      presets={presets}
      numberOfColumns={2}
      allowSingleDateInRange
      valueFormatter={({ date }) => {
        const [a, b] = Array.isArray(date) ? date : [date, null];
        const from = format.date(asIso(a as DateStringValue | null));
        return b ? `${from} – ${format.date(asIso(b as DateStringValue | null))}` : `${from} – …`;
      }}
      onDropdownClose={() => setDraft(null)}
      popoverProps={{ position: 'bottom-end' }}
    />
  );
}
