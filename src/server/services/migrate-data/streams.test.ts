// Read-ahead and tap over async iterables: items in order, the next one requested early, and the source
// closed (its finally run) when the consumer stops early or fails.
import { describe, expect, it } from 'vitest';
import { readAhead, tap } from './streams';

function source(n: number, log: string[]) {
  return (async function* () {
    try {
      for (let i = 0; i < n; i++) {
        log.push(`read ${i}`);
        yield i;
      }
    } finally {
      log.push('closed');
    }
  })();
}

describe('readAhead', () => {
  it('yields every item in order, reading the next before the current is consumed', async () => {
    const log: string[] = [];
    for await (const i of readAhead(source(3, log))) log.push(`use ${i}`);
    expect(log).toEqual(['read 0', 'read 1', 'use 0', 'read 2', 'use 1', 'closed', 'use 2']);
  });

  it('closes the source when the consumer stops or fails', async () => {
    const log: string[] = [];
    for await (const i of readAhead(source(10, log))) if (i === 1) break;
    expect(log.at(-1)).toBe('closed');
    const failing = (async () => {
      for await (const i of readAhead(source(10, log))) if (i === 2) throw new Error('target down');
    })();
    await expect(failing).rejects.toThrow('target down');
    expect(log.filter((l) => l === 'closed')).toHaveLength(2);
  });

  it('passes a source failure on to the consumer', async () => {
    const broken = (async function* () {
      yield 1;
      throw new Error('disk');
    })();
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const i of tap(readAhead(broken), (x) => seen.push(x))) void i;
      })(),
    ).rejects.toThrow('disk');
    expect(seen).toEqual([1]);
  });
});
