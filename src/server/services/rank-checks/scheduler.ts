// The clock of scheduled rank checks: one croner job per campaign whose schedule is enabled and confirmed,
// daily at the hour or weekly on the weekday at the hour, in UTC. A job whose previous run is still going
// when it fires again is skipped (croner's `protect`), so a slow provider never piles runs up. Jobs are
// replaced whenever a schedule changes and all stopped when the server closes.
import { Cron } from 'croner';
import type { RankCheckSchedule } from '@storage/rank-check-store';

/** The cron pattern of a schedule: minute 0 of the hour, every day or on one weekday (0 = Sunday). */
export function cronPattern(s: Pick<RankCheckSchedule, 'frequency' | 'hour' | 'weekday'>): string {
  return s.frequency === 'weekly' ? `0 ${s.hour} * * ${s.weekday ?? 1}` : `0 ${s.hour} * * *`;
}

/** True when the schedule makes runs by itself. */
export function isActive(s: RankCheckSchedule): boolean {
  return s.enabled && s.confirmedAt !== null;
}

export class RankCheckScheduler {
  private readonly jobs = new Map<number, Cron>();
  private stopped = false;

  constructor(
    /** Runs the campaign's check; its promise ends when the run has. */
    private readonly due: (campaignId: number) => Promise<void>,
    private readonly onError: (campaignId: number, error: unknown) => void,
  ) {}

  /** Schedules (or unschedules) one campaign's checks. */
  set(campaignId: number, schedule: RankCheckSchedule | null): void {
    this.jobs.get(campaignId)?.stop();
    this.jobs.delete(campaignId);
    if (this.stopped || schedule === null || !isActive(schedule)) return;
    const job = new Cron(
      cronPattern(schedule),
      {
        name: `rank-check-${campaignId}`,
        timezone: 'UTC',
        protect: true,
        catch: (error: unknown) => this.onError(campaignId, error),
      },
      () => this.due(campaignId),
    );
    this.jobs.set(campaignId, job);
  }

  /** When the campaign's next scheduled run starts; null when it has none. */
  nextRun(campaignId: number): Date | null {
    return this.jobs.get(campaignId)?.nextRun() ?? null;
  }

  /** Fires the campaign's scheduled job now, as the clock would; false when it has none. */
  async trigger(campaignId: number): Promise<boolean> {
    const job = this.jobs.get(campaignId);
    if (job === undefined) return false;
    await job.trigger();
    return true;
  }

  /** Campaigns with a scheduled job. */
  scheduled(): number[] {
    return [...this.jobs.keys()].sort((a, b) => a - b);
  }

  stop(): void {
    this.stopped = true;
    for (const job of this.jobs.values()) job.stop();
    this.jobs.clear();
  }
}
