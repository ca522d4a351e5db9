// The ordered checklist of report sections: the chosen sections in report order, moved up or down one place
// at a time, toggled on (appended) or off.
import type { ReportSection } from '@contracts/reports';

export function toggleSection(
  chosen: readonly ReportSection[],
  section: ReportSection,
  on: boolean,
): ReportSection[] {
  if (on) return chosen.includes(section) ? [...chosen] : [...chosen, section];
  return chosen.filter((s) => s !== section);
}

/** Moves `section` by `offset` places (−1 up, +1 down) within the chosen list; out-of-range moves do nothing. */
export function moveSection(
  chosen: readonly ReportSection[],
  section: ReportSection,
  offset: -1 | 1,
): ReportSection[] {
  const from = chosen.indexOf(section);
  const to = from + offset;
  if (from < 0 || to < 0 || to >= chosen.length) return [...chosen];
  const next = [...chosen];
  next.splice(from, 1);
  next.splice(to, 0, section);
  return next;
}
