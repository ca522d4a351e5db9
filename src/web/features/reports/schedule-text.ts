// How a report schedule reads in the web app: "Weekly on Monday at 08:00 (Europe/Berlin)".
import type { ReportSchedule } from '@contracts/report-schedules';

/** 0 = Sunday … 6 = Saturday, as the API numbers them. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function scheduleText(
  s: Pick<ReportSchedule, 'frequency' | 'weekday' | 'dayOfMonth' | 'time' | 'timeZone'>,
) {
  const when =
    s.frequency === 'daily'
      ? 'Daily'
      : s.frequency === 'weekly'
        ? `Weekly on ${WEEKDAYS[s.weekday ?? 1]}`
        : `Monthly on day ${s.dayOfMonth}`;
  return `${when} at ${s.time} (${s.timeZone})`;
}
