// Wording shared by the rank-check screens: US-dollar amounts (prices to a hundredth of a cent, totals of a
// dollar or more to the cent), weekday names and hours in UTC.
import type { Formatters } from '../../app/route-context';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function usdText(format: Formatters, amount: number): string {
  return format.number(amount, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    // A price per request needs its fourth decimal (US$0.0155); a dollar amount or more reads in cents.
    maximumFractionDigits: Math.abs(amount) >= 1 ? 2 : 4,
  });
}

export function hourText(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00 UTC`;
}
