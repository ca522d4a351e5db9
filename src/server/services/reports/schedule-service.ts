// Report schedules of the organisation (ROLE_REPORTS): list a report's schedules, create, edit (pause and
// resume included), delete, read a schedule's delivery log, run it now or send a test to given recipients.
// Saving a schedule computes its next run (paused: none) and makes the saver its author, the user its
// scheduled runs act as. A report or schedule of another organisation is "does not exist" (404).
import { nextRun } from '@core/reports/report-schedule';
import type { ReportDelivery, ReportSchedule, ScheduleRequest } from '@contracts/report-schedules';
import type { MetaStore } from '@storage/meta-store';
import type {
  DeliveryKind,
  ReportDeliveryRecord,
  ReportScheduleRecord,
} from '@storage/report-schedule-store';
import type { AuthContext } from '../../auth/session';
import { notFound } from '../../http/errors';
import type { ReportService } from '../report-service';
import type { ReportScheduleRunner } from './schedule-runner';

/** Deliveries the log shows per schedule, newest first. */
export const DELIVERY_LOG_LIMIT = 100;

export class ReportScheduleService {
  constructor(
    private readonly meta: MetaStore,
    private readonly reports: ReportService,
    private readonly runner: ReportScheduleRunner,
    private readonly now: () => Date,
  ) {}

  async list(auth: AuthContext, reportId: number): Promise<{ items: ReportSchedule[] }> {
    await this.reports.get(auth, reportId);
    const items = await this.meta.listReportSchedules(auth.user.organisationId, reportId);
    return { items: items.map(view) };
  }

  async create(auth: AuthContext, reportId: number, req: ScheduleRequest): Promise<ReportSchedule> {
    await this.reports.get(auth, reportId);
    const created = await this.meta.createReportSchedule(
      { organisationId: auth.user.organisationId, reportId, ...this.fields(auth, req) },
      this.now().toISOString(),
    );
    return view(created);
  }

  async get(auth: AuthContext, id: number): Promise<ReportSchedule> {
    return view(await this.find(auth, id));
  }

  async update(auth: AuthContext, id: number, req: ScheduleRequest): Promise<ReportSchedule> {
    const updated = await this.meta.updateReportSchedule(
      auth.user.organisationId,
      id,
      this.fields(auth, req),
      this.now().toISOString(),
    );
    if (updated === null) throw notFound(`report schedule ${id}`);
    return view(updated);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    if (!(await this.meta.deleteReportSchedule(auth.user.organisationId, id)))
      throw notFound(`report schedule ${id}`);
  }

  async deliveries(auth: AuthContext, id: number): Promise<{ items: ReportDelivery[] }> {
    await this.find(auth, id);
    const items = await this.meta.listReportDeliveries(auth.user.organisationId, id, DELIVERY_LOG_LIMIT);
    return { items: items.map(deliveryView) };
  }

  /** Generates and mails the report now to the schedule's recipients (202: the delivery, in the log). */
  async runNow(auth: AuthContext, id: number): Promise<ReportDelivery> {
    const s = await this.find(auth, id);
    return this.launch(auth, s, 'run-now', s.recipients);
  }

  /** Generates and mails the report now to `recipients`, marked as a test (202: the delivery). */
  async testSend(auth: AuthContext, id: number, recipients: string[]): Promise<ReportDelivery> {
    return this.launch(auth, await this.find(auth, id), 'test', recipients);
  }

  private async launch(
    auth: AuthContext,
    s: ReportScheduleRecord,
    kind: DeliveryKind,
    recipients: string[],
  ): Promise<ReportDelivery> {
    const delivery = await this.meta.createReportDelivery(
      { organisationId: s.organisationId, scheduleId: s.id, kind, dueAt: null, recipients },
      this.now().toISOString(),
    );
    this.runner.launch(delivery, s, auth);
    return deliveryView(delivery);
  }

  private fields(auth: AuthContext, req: ScheduleRequest) {
    const timing = {
      frequency: req.frequency,
      // Only the field of the frequency is kept: a weekly schedule has no day of the month.
      weekday: req.frequency === 'weekly' ? req.weekday : null,
      dayOfMonth: req.frequency === 'monthly' ? req.dayOfMonth : null,
      time: req.time,
      timeZone: req.timeZone,
    };
    return {
      ...timing,
      recipients: [...new Set(req.recipients)],
      delivery: req.delivery,
      enabled: req.enabled,
      nextRunAt: req.enabled ? nextRun(timing, this.now()).toISOString() : null,
      createdBy: auth.user.id,
    };
  }

  private async find(auth: AuthContext, id: number): Promise<ReportScheduleRecord> {
    const s = await this.meta.getReportSchedule(auth.user.organisationId, id);
    if (s === null) throw notFound(`report schedule ${id}`);
    return s;
  }
}

function view(s: ReportScheduleRecord): ReportSchedule {
  const { organisationId: _org, ...rest } = s;
  return rest;
}

function deliveryView(d: ReportDeliveryRecord): ReportDelivery {
  const { organisationId: _org, ...rest } = d;
  return rest;
}
