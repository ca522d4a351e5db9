// The cost of scheduled rank checks, shown before the first run: keywords × runs per month × price per
// request. A month is 365.25 / 12 days, so a daily check runs 30.44 times and a weekly one 4.35 times. The
// price is the organisation's own (its plan) when an administrator set one, else the provider's list price.
import type { CheckSchedule } from '@core/model';

export const DAYS_PER_MONTH = 365.25 / 12;

export function runsPerMonth(frequency: CheckSchedule): number {
  return frequency === 'daily' ? DAYS_PER_MONTH : DAYS_PER_MONTH / 7;
}

/** USD rounded to a hundredth of a cent, so sums shown agree with their parts. */
export function usd(amount: number): number {
  return Math.round(amount * 10_000) / 10_000;
}

export interface CostEstimate {
  keywords: number;
  priceUsd: number;
  perRunUsd: number;
  monthlyUsd: Record<CheckSchedule, number>;
}

export function estimateCost(keywords: number, priceUsd: number): CostEstimate {
  const perRun = keywords * priceUsd;
  return {
    keywords,
    priceUsd,
    perRunUsd: usd(perRun),
    monthlyUsd: { daily: usd(perRun * runsPerMonth('daily')), weekly: usd(perRun * runsPerMonth('weekly')) },
  };
}
