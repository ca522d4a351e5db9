// The snapshots (keyword × date) an import stages, for the writer-level checks of stager.ts: a position given
// twice within one snapshot anywhere in a file is refused, and a snapshot that a later file of the same
// import gives again replaces the earlier file's rows (counted here for the import's warning).

/** Snapshot keys are keyword id × 2^16 + day number (days since 1970 stay below 2^16 until 2149). */
const DAY_SPAN = 65_536;

interface Snapshot {
  part: number;
  /** Positions 1–100 seen, 25 to a word (small integers: a plain array stays compact per snapshot). */
  bits: number[];
  /** Line of the first row, for messages. */
  line: number | null;
}

export class StagedSnapshots {
  private readonly byKey = new Map<number, Snapshot>();
  /** The snapshot marked last: consecutive rows mostly belong to one. */
  private lastKey = -1;
  private last: Snapshot | null = null;
  /** The current file (parts number the files of the import in order). */
  private currentPart = -1;
  /** Snapshots of the current file that an earlier file gave too. */
  private superseded = 0;

  /** Starts the next file; returns its part number. */
  startFile(): number {
    this.currentPart += 1;
    this.lastKey = -1;
    this.last = null;
    return this.currentPart;
  }

  /** Distinct snapshots staged. */
  get size(): number {
    return this.byKey.size;
  }

  /**
   * Marks `position` (1-based, at most 100) in the current file's snapshot of (keyword, day); false when
   * the snapshot already has it. `line` is the row's, kept when it starts the snapshot.
   */
  mark(keyword: number, day: number, position: number, line: number | null): boolean {
    const snap = this.snapshot(keyword, day, line);
    const word = ((position - 1) / 25) | 0;
    const bit = 1 << ((position - 1) % 25);
    if ((snap.bits[word]! & bit) !== 0) return false;
    snap.bits[word] = snap.bits[word]! | bit;
    return true;
  }

  /** Line of the first row of the snapshot marked last (null when its rows have no lines). */
  get lastFirstLine(): number | null {
    return this.last?.line ?? null;
  }

  /** Notes the snapshot of a rank observation (which checks no positions) unless staged already. */
  touch(keyword: number, day: number, line: number | null): void {
    const key = keyword * DAY_SPAN + day;
    if (!this.byKey.has(key)) this.byKey.set(key, { part: this.currentPart, bits: [0, 0, 0, 0], line });
  }

  /** How many snapshots of the current file replaced an earlier file's since the last call. */
  takeSuperseded(): number {
    const n = this.superseded;
    this.superseded = 0;
    return n;
  }

  /** Drops the snapshots (once everything is staged: the commit does not need them). */
  release(): void {
    this.byKey.clear();
    this.lastKey = -1;
    this.last = null;
  }

  /** The snapshot of (keyword, day) for the current file, replacing an earlier file's. */
  private snapshot(keyword: number, day: number, line: number | null): Snapshot {
    const key = keyword * DAY_SPAN + day;
    if (key === this.lastKey) return this.last!;
    let snap = this.byKey.get(key);
    if (snap === undefined) {
      snap = { part: this.currentPart, bits: [0, 0, 0, 0], line };
      this.byKey.set(key, snap);
    } else if (snap.part !== this.currentPart) {
      snap.part = this.currentPart;
      snap.bits = [0, 0, 0, 0];
      snap.line = line;
      this.superseded++;
    }
    this.lastKey = key;
    this.last = snap;
    return snap;
  }
}
