import { describe, expect, it } from 'vitest';
import { Gate } from './gate';

/** A task that finishes when `release` is called, recording when it started. */
function pending(log: string[], name: string) {
  let release!: () => void;
  let fail!: (e: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    release = () => resolve(name);
    fail = reject;
  });
  return {
    task: () => {
      log.push(name);
      return done;
    },
    release: () => release(),
    fail: (e: Error) => fail(e),
  };
}

const tick = () => new Promise<void>((r) => setImmediate(r));

describe('Gate', () => {
  it('runs at most `limit` tasks at once and starts the waiters in arrival order', async () => {
    const gate = new Gate(2);
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((n) => pending(log, n));
    const results = tasks.map((t) => gate.run(t.task));
    await tick();
    expect(log).toEqual(['a', 'b']);
    expect([gate.active, gate.queued]).toEqual([2, 3]);
    tasks[1]!.release();
    await tick();
    expect(log).toEqual(['a', 'b', 'c']);
    tasks[0]!.release();
    tasks[2]!.release();
    await tick();
    expect(log).toEqual(['a', 'b', 'c', 'd', 'e']);
    tasks[3]!.release();
    tasks[4]!.release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([gate.active, gate.queued]).toEqual([0, 0]);
  });

  it('frees the slot of a failed task and passes the failure to its caller', async () => {
    const gate = new Gate(1);
    const log: string[] = [];
    const first = pending(log, 'first');
    const second = pending(log, 'second');
    const a = gate.run(first.task);
    const b = gate.run(second.task);
    await tick();
    first.fail(new Error('shard down'));
    await expect(a).rejects.toThrow('shard down');
    await tick();
    expect(log).toEqual(['first', 'second']);
    second.release();
    expect(await b).toBe('second');
    expect(gate.active).toBe(0);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new Gate(0)).toThrow(/positive integer/);
    expect(() => new Gate(1.5)).toThrow(/positive integer/);
  });
});
