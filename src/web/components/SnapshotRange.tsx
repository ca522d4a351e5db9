// The two date pickers of a screen that compares snapshots (Page Analysis, Tag Analysis): *Compare from* and
// *To*, each any of the market's snapshot dates (newest first), showing the dates the server compared until
// the user picks one. Fragments, so that they sit in the caller's grid.
import { Select } from '@mantine/core';

export function SnapshotRange({
  snapshots,
  compared,
  start,
  end,
  onChange,
}: {
  /** Every snapshot date of the market, ascending. */
  snapshots: readonly string[];
  /** The dates the last answer compared; null before it or when there are none. */
  compared: { start: string; end: string } | null | undefined;
  start: string | null;
  end: string | null;
  onChange: (patch: { startDate?: string | null; endDate?: string | null }) => void;
}) {
  const dates = [...snapshots].reverse();
  return (
    <>
      <Select
        label="Compare from"
        data={dates}
        value={start ?? compared?.start ?? null}
        onChange={(v) => onChange({ startDate: v })}
        searchable
      />
      <Select
        label="To"
        data={dates}
        value={end ?? compared?.end ?? null}
        onChange={(v) => onChange({ endDate: v })}
        searchable
      />
    </>
  );
}
