// How every screen shows a change of position or rank (issue 26): "up is better", one convention for all.
// A domain or host that moved up n places (its position or rank number fell by n) shows "▲ n" in teal, one that
// moved down shows "▼ n" in red, no change "=", and no comparison "–". Position deltas are stored as end −
// start (a fall in the number is negative), rank changes as start − end; `placesUp` converts the former.
import { Text } from '@mantine/core';
import type { CvDeltas } from '@contracts/campaign-visibility';
import type { Formatters } from '../app/route-context';

/** Places moved up from a position delta (end − start positions): −14 → 14. */
export function placesUp(d: Pick<CvDeltas, 'delta'> | null): number | null {
  return d === null ? null : -d.delta;
}

export interface PlacesMovedText {
  text: string;
  colour: 'teal' | 'red' | 'dimmed' | undefined;
}

/** The text and colour of a move of `up` places (positive: up), or of a percentage change of position. */
export function placesMovedText(
  up: number | null | 'new',
  format: Formatters,
  percent?: number | null,
): PlacesMovedText {
  if (up === 'new') return { text: 'new', colour: 'teal' };
  if (up === null) return { text: '–', colour: undefined };
  if (up === 0) return { text: '=', colour: 'dimmed' };
  const size =
    percent === undefined
      ? format.number(Math.abs(up), { maximumFractionDigits: 1 })
      : percent === null
        ? null
        : format.percent(Math.abs(percent));
  if (size === null) return { text: up > 0 ? '▲' : '▼', colour: up > 0 ? 'teal' : 'red' };
  return up > 0 ? { text: `▲ ${size}`, colour: 'teal' } : { text: `▼ ${size}`, colour: 'red' };
}

export function PlacesMoved({
  up,
  format,
  percent,
  size = 'sm',
}: {
  up: number | null | 'new';
  format: Formatters;
  /** Show the relative change of position instead of the places (the tables' "%" display). */
  percent?: number | null;
  size?: 'xs' | 'sm';
}) {
  const m = placesMovedText(up, format, percent);
  const label =
    typeof up === 'number' && up !== 0 ? `${up > 0 ? 'up' : 'down'} ${Math.abs(up)} places` : undefined;
  return (
    <Text span size={size} c={m.colour} title={label}>
      {m.text}
    </Text>
  );
}
