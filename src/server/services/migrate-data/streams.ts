// Async-iterable plumbing of a transfer: counting rows as batches pass (for the progress bar), and reading
// one batch ahead so the source engine produces batch n+1 while the target ingests batch n.

/** Passes every item through, calling `onItem` first (e.g. to count its rows). */
export async function* tap<T>(source: AsyncIterable<T>, onItem: (item: T) => void): AsyncGenerator<T> {
  for await (const item of source) {
    onItem(item);
    yield item;
  }
}

/**
 * The same items, with the next one already requested while the consumer works on the current one. If the
 * consumer stops early, the source is closed once its pending item has arrived.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  let pending = it.next();
  // A failure of the pending read surfaces when it is awaited; this only keeps it from being unhandled first.
  pending.catch(() => undefined);
  let finished = false;
  try {
    for (;;) {
      const r = await pending;
      if (r.done === true) {
        finished = true;
        return;
      }
      pending = it.next();
      pending.catch(() => undefined);
      yield r.value;
    }
  } catch (error) {
    finished = true;
    throw error;
  } finally {
    if (!finished) {
      await pending.catch(() => undefined);
      await it.return?.();
    }
  }
}
