// The clock and the deliveries of report schedules (issue 31 item 5). Once a minute (croner) runDue() claims
// each enabled schedule whose stored next run has come — claiming moves the next run and stores the delivery
// in one write, unique per due time, so a due time is mailed once even across restarts — then generates the
// report through the generation service as the schedule's author and mails it (PDF attached, or a link)
// through the organisation's SMTP server. A refused send is retried twice (after 1 and then 5 minutes); every
// attempt keeps the server's answer. A run-now or test delivery goes the same way, started by a person.
import { Cron } from 'croner';
import { nextRun } from '@core/reports/report-schedule';
import { hasRole } from '@core/roles';
import type { GeneratedReport } from '@contracts/generated-reports';
import type { MetaStore } from '@storage/meta-store';
import type { ReportDeliveryRecord, ReportScheduleRecord } from '@storage/report-schedule-store';
import type { AuthContext } from '../../auth/session';
import { publicLink } from '../../config';
import type { MailService, OutgoingMail } from '../tasks/mailer';
import { fileStem, type ReportGenerationService } from './generation-service';

/** Attempts at mailing one delivery, the first included. */
export const MAX_ATTEMPTS = 3;
/** Wait before the 2nd and the 3rd attempt, in milliseconds: 1 minute, then 5. */
export const RETRY_BACKOFF_MS = [60_000, 5 * 60_000] as const;
/** Why a delivery a stopped process left generating or sending is failed on the next start. */
export const STOPPED_DELIVERY =
  'the server stopped during this delivery; it is not sent again for this due time (use Run now)';

export interface ScheduleRunnerOptions {
  /** PUBLIC_URL, for links in the mails; null leaves them as paths. */
  publicUrl: string | null;
  onError: (err: unknown) => void;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class ReportScheduleRunner {
  private tick: Cron | null = null;
  private due: Promise<number> | null = null;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly meta: MetaStore,
    private readonly generation: ReportGenerationService,
    private readonly mail: MailService,
    private readonly now: () => Date,
    private readonly options: ScheduleRunnerOptions,
  ) {}

  /**
   * Fails deliveries a stopped process left unfinished and starts the clock; its first tick (within a minute)
   * sends what fell due while the server was stopped, once per schedule.
   */
  async start(): Promise<void> {
    await this.meta.failUnfinishedReportDeliveries(STOPPED_DELIVERY, this.now().toISOString());
    // No fixed job name: croner keeps names process-wide, and tests run several servers in one process.
    this.tick = new Cron('* * * * *', { protect: true, catch: this.options.onError }, async () => {
      await this.runDue();
    });
  }

  /** Stops the clock and waits for deliveries in flight. */
  async stop(): Promise<void> {
    this.tick?.stop();
    this.tick = null;
    await this.idle();
  }

  /** Waits for deliveries in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.due !== null) {
      await Promise.all([...this.running, this.due]);
    }
  }

  /**
   * Delivers every schedule due at the clock's now and every retry whose time has come, one at a time; how
   * many deliveries it worked on. A call while one runs joins it.
   */
  runDue(): Promise<number> {
    this.due ??= this.dueNow().finally(() => {
      this.due = null;
    });
    return this.due;
  }

  /** Runs a delivery a person asked for (run now, test send) in the background. */
  launch(delivery: ReportDeliveryRecord, schedule: ReportScheduleRecord, auth: AuthContext): void {
    const run = this.deliver(delivery, schedule, auth).catch(this.options.onError);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private async dueNow(): Promise<number> {
    const now = this.now();
    let worked = 0;
    for (const s of await this.meta.dueReportSchedules(now.toISOString())) {
      const dueAt = s.nextRunAt!;
      // After now as well as after the due time: a server down for days sends once, then keeps the rhythm.
      const after = new Date(Math.max(now.getTime(), Date.parse(dueAt)));
      const delivery = await this.meta.claimScheduledDelivery(
        {
          organisationId: s.organisationId,
          scheduleId: s.id,
          kind: 'scheduled',
          dueAt,
          recipients: s.recipients,
        },
        nextRun(s, after).toISOString(),
        now.toISOString(),
      );
      if (delivery === null) continue;
      worked++;
      const author = await this.author(s);
      if (typeof author === 'string') await this.fail(delivery, author);
      else await this.deliver(delivery, s, author);
    }
    for (const d of await this.meta.retryingReportDeliveries(now.toISOString())) {
      const s = await this.meta.getReportSchedule(d.organisationId, d.scheduleId);
      if (s === null) continue;
      worked++;
      await this.attempt(d, s);
    }
    return worked;
  }

  /** The user a scheduled run acts as: its author, while enabled and allowed reports; else why not. */
  private async author(s: ReportScheduleRecord): Promise<AuthContext | string> {
    const user = s.createdBy === null ? null : await this.meta.getUser(s.createdBy);
    if (user === null || user.organisationId !== s.organisationId)
      return 'the user who made this schedule no longer exists: save the schedule again to take it over';
    if (user.disabled || !hasRole(user.roles, 'ROLE_REPORTS'))
      return `${user.email} (who made this schedule) is disabled or lost ROLE_REPORTS: save it again to take it over`;
    // The same read-only token context the report's own Chromium acts with (render-tokens.ts).
    return { via: 'token', user, token: { id: 0, scope: 'read' } };
  }

  private async deliver(
    delivery: ReportDeliveryRecord,
    s: ReportScheduleRecord,
    auth: AuthContext,
  ): Promise<void> {
    let generated: GeneratedReport;
    try {
      generated = await this.generation.generateAndWait(auth, s.reportId);
    } catch (err) {
      return this.fail(delivery, `the report could not be generated: ${errorText(err)}`);
    }
    await this.meta.updateReportDelivery(delivery.id, { generatedReportId: generated.id });
    if (generated.status !== 'done')
      return this.fail(delivery, `the report could not be generated: ${generated.error ?? generated.status}`);
    await this.attempt({ ...delivery, generatedReportId: generated.id }, s);
  }

  /** One try at mailing; a refusal is retried later until MAX_ATTEMPTS. */
  private async attempt(delivery: ReportDeliveryRecord, s: ReportScheduleRecord): Promise<void> {
    await this.meta.updateReportDelivery(delivery.id, { status: 'sending', nextAttemptAt: null });
    const at = this.now();
    const attempts = [...delivery.attempts];
    try {
      const mail = await this.message(delivery, s);
      const sent = await this.mail.send(delivery.organisationId, mail);
      if (sent === null)
        throw new Error('no SMTP server is set: an administrator sets it under Tasks → Settings');
      attempts.push({ at: at.toISOString(), ok: true, response: sent.response });
      await this.meta.updateReportDelivery(delivery.id, {
        status: 'sent',
        attempts,
        error: null,
        finishedAt: at.toISOString(),
      });
    } catch (err) {
      attempts.push({ at: at.toISOString(), ok: false, response: errorText(err) });
      const wait = RETRY_BACKOFF_MS[attempts.length - 1];
      await this.meta.updateReportDelivery(
        delivery.id,
        wait === undefined || attempts.length >= MAX_ATTEMPTS
          ? { status: 'failed', attempts, error: errorText(err), finishedAt: at.toISOString() }
          : {
              status: 'retrying',
              attempts,
              error: errorText(err),
              nextAttemptAt: new Date(at.getTime() + wait).toISOString(),
            },
      );
    }
  }

  private async message(delivery: ReportDeliveryRecord, s: ReportScheduleRecord): Promise<OutgoingMail> {
    const g = await this.meta.getGeneratedReport(delivery.organisationId, delivery.generatedReportId!);
    if (g === null) throw new Error('the generated report was deleted before it could be sent');
    // ASCII, so the subject stays readable in clients that show raw headers.
    const period = `${g.periodFrom} to ${g.periodTo}`;
    const open = publicLink(this.options.publicUrl, `/print/reports/${g.id}`);
    const pdf = publicLink(this.options.publicUrl, `/api/v1/generated-reports/${g.id}/pdf`);
    const test = delivery.kind === 'test' ? ' (test)' : '';
    const head = `${g.title}, ${period}.`;
    if (s.delivery === 'link') {
      return {
        to: delivery.recipients,
        subject: `Report${test}: ${g.title} (${period})`,
        text: `${head}\n\nOpen the report: ${open}\nDownload the PDF: ${pdf}\n\nSign in to Sightline to read it.`,
      };
    }
    const bytes = await this.meta.getGeneratedReportFile(delivery.organisationId, g.id, 'pdf');
    if (bytes === null) throw new Error('the generated report has no PDF');
    return {
      to: delivery.recipients,
      subject: `Report${test}: ${g.title} (${period})`,
      text: `${head}\n\nThe report is attached as a PDF. In Sightline: ${open}`,
      attachments: [{ filename: `${fileStem(g)}.pdf`, content: bytes, contentType: 'application/pdf' }],
    };
  }

  private async fail(delivery: ReportDeliveryRecord, error: string): Promise<void> {
    await this.meta.updateReportDelivery(delivery.id, {
      status: 'failed',
      error,
      finishedAt: this.now().toISOString(),
    });
  }
}
