// Calibration of a campaign's CTR model against Search Console (issue 30 item 6): per week, the clicks the
// model estimates for the campaign's own domain beside the clicks Search Console reports for the same
// queries, and their ratio, so an analyst sees how far the model is off. Pure: the caller reads the own
// domain's results (absolute positions), the snapshot dates and Σ clicks per day of those queries.
//
// Estimate (DESIGN §3): the visibility score VS(d) = Σ_k sv(k) × Σ ctr(position) over the own domain's
// results on k is estimated *monthly* clicks; a day's estimate is VS(d) ÷ 30.4375 (days per month, 365.25 ÷ 12),
// where a day uses the latest snapshot on or before it, at most 6 days earlier (none: 0). A week (Monday to
// Sunday) adds the days of it inside the period. Ratio = real clicks ÷ estimated clicks (null when 0).
import { addDays } from '../date-range';
import { ctrAt, type CtrModel } from '../metrics/ctr-model';
import { MAX_SNAPSHOT_AGE_DAYS } from '../metrics/rank-data';

/** Days per month: a visibility score (monthly clicks) ÷ this = clicks per day. */
export const DAYS_PER_MONTH = 365.25 / 12;

export interface CalibrationInput {
  /** Tracked keywords that have Search Console data, with monthly searches (null: unknown, scores 0). */
  keywords: readonly { id: number; sv: number | null }[];
  /** Results of the own domain on those keywords (absolute position 1–100); the same result given twice counts once. */
  hits: readonly { keywordId: number; date: string; position: number; url: string }[];
  /** Snapshot dates of the market, `YYYY-MM-DD`. */
  snapshots: readonly string[];
  /** Σ clicks of those queries per day; days absent had none. */
  dailyClicks: readonly { date: string; clicks: number }[];
  /** First and last day compared, inclusive. */
  start: string;
  end: string;
  model: CtrModel;
}

export interface CalibrationWeek {
  /** The week's Monday. */
  week: string;
  /** Days of the week inside the period (1–7). */
  days: number;
  estimatedClicks: number;
  clicks: number;
  /** clicks ÷ estimatedClicks; null when nothing was estimated. */
  ratio: number | null;
}

export interface Calibration {
  weeks: CalibrationWeek[];
  total: { estimatedClicks: number; clicks: number; ratio: number | null };
}

const ratio = (clicks: number, estimated: number) => (estimated > 0 ? clicks / estimated : null);

/** The Monday of the week holding `date` (UTC). */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((day + 6) % 7));
}

/** Visibility score (estimated monthly clicks) per snapshot date, over the given keywords. */
export function scoresBySnapshot(
  input: Pick<CalibrationInput, 'keywords' | 'hits' | 'model'>,
): Map<string, number> {
  const sv = new Map(input.keywords.map((k) => [k.id, k.sv ?? 0]));
  const seen = new Set<string>();
  const out = new Map<string, number>();
  for (const h of input.hits) {
    const volume = sv.get(h.keywordId);
    const key = `${h.keywordId}|${h.date}|${h.position}|${h.url}`;
    if (volume === undefined || seen.has(key)) continue;
    seen.add(key);
    out.set(h.date, (out.get(h.date) ?? 0) + volume * ctrAt(input.model, h.position));
  }
  return out;
}

export function calibrate(input: CalibrationInput): Calibration {
  const scores = scoresBySnapshot(input);
  const snapshots = [...new Set(input.snapshots)].sort();
  const clicks = new Map<string, number>();
  for (const c of input.dailyClicks) clicks.set(c.date, (clicks.get(c.date) ?? 0) + c.clicks);
  const weeks = new Map<string, CalibrationWeek>();
  let s = -1; // index of the latest snapshot on or before the day
  for (let d = input.start; d <= input.end; d = addDays(d, 1)) {
    while (s + 1 < snapshots.length && snapshots[s + 1]! <= d) s += 1;
    const snap = s >= 0 && snapshots[s]! >= addDays(d, -MAX_SNAPSHOT_AGE_DAYS) ? snapshots[s]! : null;
    const estimate = snap === null ? 0 : (scores.get(snap) ?? 0) / DAYS_PER_MONTH;
    const monday = mondayOf(d);
    const w = weeks.get(monday) ?? { week: monday, days: 0, estimatedClicks: 0, clicks: 0, ratio: null };
    w.days += 1;
    w.estimatedClicks += estimate;
    w.clicks += clicks.get(d) ?? 0;
    weeks.set(monday, w);
  }
  const list = [...weeks.values()].map((w) => ({ ...w, ratio: ratio(w.clicks, w.estimatedClicks) }));
  const estimatedClicks = list.reduce((a, w) => a + w.estimatedClicks, 0);
  const real = list.reduce((a, w) => a + w.clicks, 0);
  return { weeks: list, total: { estimatedClicks, clicks: real, ratio: ratio(real, estimatedClicks) } };
}
