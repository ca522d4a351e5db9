// Wording shared by the rank-check screens: US-dollar amounts (to a hundredth of a cent, as estimated),
// weekday names and hours in UTC.
import type { Formatters } from '../../app/route-context';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function usdText(format: Formatters, amount: number): string {
  return format.number(amount, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
}

export function hourText(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00 UTC`;
}
