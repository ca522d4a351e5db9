// The first start's demo workspace as a background job the server reports on (issue 25): the CLI marks it
// begun before listening, then runs the generation; status() is the public set-up status, and refusal() the
// 503 every data route answers meanwhile — and after a failure, until a restart generates the workspace
// again — so that no request reads a half-built workspace.
import { DEMO_FAILED_CODE, DEMO_GENERATING_CODE, type SetupStatus } from '@contracts/setup-status';
import { demoEtaSeconds, demoPercent, type DemoPhase, type DemoProgressPoint } from '@core/demo/progress';
import { HttpError } from '../../http/errors';

export type DemoProgress = (phase: DemoPhase, done: number, total: number) => void;

export class DemoSetup {
  private state: SetupStatus['state'] = 'ready';
  private point: DemoProgressPoint | null = null;
  /**
   * Clock readings (ms) when the generation began, when its first SERP week was written, at its latest
   * progress step, and when it ended.
   */
  private startedAt = 0;
  private firstWeekAt: number | null = null;
  private steppedAt = 0;
  private endedAt: number | null = null;
  private failure: string | null = null;

  /** `clock`: milliseconds, for the elapsed time and the estimate. */
  constructor(private readonly clock: () => number = Date.now) {}

  /** Marks the generation begun: data routes answer 503 from now on. */
  begin(): void {
    this.state = 'generating';
    this.point = { phase: 'plan', done: 0, total: 1 };
    this.startedAt = this.clock();
    this.firstWeekAt = null;
    this.endedAt = null;
    this.failure = null;
  }

  /**
   * Runs `generate` as the generation (begun now unless begin() was called), reporting its progress; resolves
   * when it ends, with its error (kept for status()) or null. Never rejects: the caller logs the error.
   */
  async run(generate: (progress: DemoProgress) => Promise<unknown>): Promise<Error | null> {
    if (this.state !== 'generating') this.begin();
    try {
      await generate((phase, done, total) => {
        this.steppedAt = this.clock();
        if (phase === 'serps' && done === 1) this.firstWeekAt = this.steppedAt;
        this.point = { phase, done, total };
      });
      this.state = 'ready';
      return null;
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      this.state = 'failed';
      this.failure = err.message;
      return err;
    } finally {
      this.endedAt = this.clock();
    }
  }

  status(): SetupStatus {
    const point = this.point;
    if (point === null) {
      return {
        state: 'ready',
        phase: null,
        done: 0,
        total: 0,
        percent: 100,
        elapsedSeconds: 0,
        etaSeconds: null,
        message: null,
      };
    }
    const now = this.endedAt ?? this.clock();
    const weeks =
      this.state === 'generating' && this.firstWeekAt !== null
        ? {
            firstMs: this.firstWeekAt - this.startedAt,
            latestMs: this.steppedAt - this.startedAt,
            nowMs: now - this.startedAt,
          }
        : null;
    return {
      state: this.state,
      phase: point.phase,
      done: point.done,
      total: point.total,
      percent: this.state === 'ready' ? 100 : demoPercent(point),
      elapsedSeconds: Math.round((now - this.startedAt) / 1000),
      etaSeconds: weeks === null ? null : demoEtaSeconds(point, weeks),
      message: this.failure,
    };
  }

  /** The answer of a data route while the workspace is being generated or failed to be; null when ready. */
  refusal(): HttpError | null {
    if (this.state === 'ready') return null;
    const status = this.status();
    if (this.state === 'failed') {
      return new HttpError(
        503,
        DEMO_FAILED_CODE,
        `generating the demo workspace failed (${status.phase}): ${status.message}; restart Sightline to ` +
          'generate it again',
        status,
      );
    }
    const eta = status.etaSeconds === null ? '' : `, about ${status.etaSeconds} s left`;
    return new HttpError(
      503,
      DEMO_GENERATING_CODE,
      `the demo workspace is being generated (${status.phase}, ${status.percent} %${eta}): try again when it is ready`,
      status,
    );
  }
}
