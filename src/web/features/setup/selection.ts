// Ticked rows of a set-up table as an immutable set: one row ticked or unticked, or many at once.

/** `set` with `items` added (`on`) or removed. */
export function toggled<T>(set: ReadonlySet<T>, items: Iterable<T>, on: boolean): Set<T> {
  const next = new Set(set);
  for (const item of items) {
    if (on) next.add(item);
    else next.delete(item);
  }
  return next;
}
