// The demo's search counter: counts per key within a window that starts at the key's first search, forgets
// expired windows, and stays within MAX_KEYS by dropping expired then oldest keys.
import { describe, expect, it } from 'vitest';
import { MAX_KEYS, SearchCounter } from './search-counter';

describe('search counter', () => {
  it('counts per key within the window and starts afresh after it', () => {
    const c = new SearchCounter(1000);
    expect(c.used('a', 0)).toBe(0);
    c.add('a', 0);
    c.add('a', 999);
    c.add('b', 500);
    expect(c.used('a', 999)).toBe(2);
    expect(c.used('b', 999)).toBe(1);
    expect(c.used('a', 1000)).toBe(0);
    c.add('a', 1000);
    expect(c.used('a', 1999)).toBe(1);
  });

  it('never holds more than MAX_KEYS keys, dropping the oldest', () => {
    const c = new SearchCounter(10_000_000);
    for (let i = 0; i <= MAX_KEYS; i++) c.add(`k${i}`, i);
    expect(c.used('k0', MAX_KEYS)).toBe(0);
    expect(c.used(`k${MAX_KEYS}`, MAX_KEYS)).toBe(1);
    expect(c.used('k1', MAX_KEYS)).toBe(1);
  });
});
