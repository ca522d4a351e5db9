// StagedSnapshots: repeated positions within a snapshot, the first line named in messages, and snapshots a
// later file gives again (they start over and are counted once per file).
import { describe, expect, it } from 'vitest';
import { StagedSnapshots } from './staged-snapshots';

describe('StagedSnapshots', () => {
  it('refuses a position its snapshot already has, wherever the row is in the file', () => {
    const s = new StagedSnapshots();
    s.startFile();
    expect(s.mark(1, 20_000, 1, 2)).toBe(true);
    expect(s.mark(1, 20_000, 100, 3)).toBe(true);
    expect(s.mark(2, 20_000, 1, 4)).toBe(true);
    expect(s.mark(1, 20_001, 1, 5)).toBe(true);
    expect(s.mark(1, 20_000, 100, 6)).toBe(false);
    expect(s.lastFirstLine).toBe(2);
    expect(s.mark(1, 20_000, 26, 7)).toBe(true);
    expect(s.mark(1, 20_000, 26, 8)).toBe(false);
    expect(s.size).toBe(3);
  });

  it('starts a snapshot over when a later file gives it again, and counts it once for that file', () => {
    const s = new StagedSnapshots();
    expect(s.startFile()).toBe(0);
    s.mark(1, 20_000, 1, 2);
    s.mark(2, 20_000, 1, 3);
    expect(s.takeSuperseded()).toBe(0);
    expect(s.startFile()).toBe(1);
    expect(s.mark(1, 20_000, 1, 10)).toBe(true);
    expect(s.mark(1, 20_000, 2, 11)).toBe(true);
    expect(s.mark(1, 20_000, 1, 12)).toBe(false);
    expect(s.lastFirstLine).toBe(10);
    expect(s.takeSuperseded()).toBe(1);
    expect(s.takeSuperseded()).toBe(0);
  });

  it('notes rank observations without checking positions, and forgets everything on release', () => {
    const s = new StagedSnapshots();
    s.startFile();
    s.touch(5, 20_000, 2);
    s.touch(5, 20_000, 3);
    expect(s.size).toBe(1);
    expect(s.mark(5, 20_000, 1, 4)).toBe(true);
    s.release();
    expect(s.size).toBe(0);
    expect(s.mark(5, 20_000, 1, 5)).toBe(true);
  });
});
