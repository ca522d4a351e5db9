// Code loaded on first use, without React.lazy: a component that needs a module renders its own stand-in
// until the module has arrived, then re-renders once. React holds a Suspense boundary's content back for up
// to 300 ms after its fallback showed (to batch reveals), which on a screen of lazy parts adds that much to
// every first draw; state updates are drawn at once.
import { useEffect, useState } from 'react';

/** A module loaded once and shared: the promise while loading, the value once there. */
export class Loadable<T> {
  private promise: Promise<T> | null = null;
  private value: { ok: true; value: T } | null = null;

  constructor(private readonly loader: () => Promise<T>) {}

  /** Starts loading (once); a failed load is tried again on the next call. */
  load(): Promise<T> {
    this.promise ??= this.loader().then(
      (value) => {
        this.value = { ok: true, value };
        return value;
      },
      (error: unknown) => {
        this.promise = null;
        throw error;
      },
    );
    return this.promise;
  }

  /** The value if it has arrived. */
  get current(): T | undefined {
    return this.value?.value;
  }
}

/**
 * The value of `loadable` (null while it loads). A failed load is thrown during render, so the nearest error
 * boundary says the page could not be drawn.
 */
export function useLoaded<T>(loadable: Loadable<T>): T | null {
  const [, arrived] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const value = loadable.current;
  useEffect(() => {
    if (value !== undefined) return;
    let live = true;
    loadable.load().then(
      () => live && arrived((n) => n + 1),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [loadable, value]);
  if (failure !== null) throw failure.error;
  return value ?? null;
}
