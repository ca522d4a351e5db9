// The report-scheduling part of the MetaStore port (issue 31 item 5): a report's schedules (timing,
// recipients, attach or link, paused or not, the next run) and their deliveries (each attempt with the mail
// server's answer). A scheduled delivery is unique per schedule and due time, so one due time is claimed —
// and mailed — once, across restarts and processes. MetaStore extends this interface; both engines implement
// it in meta/report-schedules.ts and pass test/storage/meta-store.report-schedules-cases.ts.
import type { ScheduleFrequency } from '@core/reports/report-schedule';

export type ScheduleDelivery = 'attach' | 'link';
export type DeliveryKind = 'scheduled' | 'run-now' | 'test';
export type DeliveryStatus = 'generating' | 'sending' | 'retrying' | 'sent' | 'failed';

export interface NewReportSchedule {
  organisationId: number;
  reportId: number;
  frequency: ScheduleFrequency;
  weekday: number | null;
  dayOfMonth: number | null;
  time: string;
  timeZone: string;
  recipients: string[];
  delivery: ScheduleDelivery;
  enabled: boolean;
  /** ISO instant; null while paused. */
  nextRunAt: string | null;
  createdBy: number | null;
}

export interface ReportScheduleRecord extends NewReportSchedule {
  id: number;
  createdAt: string;
  updatedAt: string;
}

/** An edit replaces every field but the report; the editor becomes the author the schedule runs as. */
export type ReportSchedulePatch = Omit<NewReportSchedule, 'organisationId' | 'reportId'>;

export interface DeliveryAttemptRecord {
  at: string;
  ok: boolean;
  response: string;
}

export interface NewReportDelivery {
  organisationId: number;
  scheduleId: number;
  kind: DeliveryKind;
  /** The due time claimed (scheduled deliveries); null otherwise. */
  dueAt: string | null;
  recipients: string[];
}

export interface ReportDeliveryRecord extends NewReportDelivery {
  id: number;
  status: DeliveryStatus;
  generatedReportId: number | null;
  attempts: DeliveryAttemptRecord[];
  nextAttemptAt: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Fields a step of a delivery sets; absent fields keep their value. */
export interface ReportDeliveryPatch {
  status?: DeliveryStatus;
  generatedReportId?: number | null;
  attempts?: DeliveryAttemptRecord[];
  nextAttemptAt?: string | null;
  error?: string | null;
  finishedAt?: string | null;
}

export interface ReportScheduleMethods {
  createReportSchedule(s: NewReportSchedule, now: string): Promise<ReportScheduleRecord>;
  /** The report's schedules, oldest first. */
  listReportSchedules(organisationId: number, reportId: number): Promise<ReportScheduleRecord[]>;
  /** Null unless it exists in that organisation. */
  getReportSchedule(organisationId: number, id: number): Promise<ReportScheduleRecord | null>;
  updateReportSchedule(
    organisationId: number,
    id: number,
    patch: ReportSchedulePatch,
    now: string,
  ): Promise<ReportScheduleRecord | null>;
  /** False unless it existed in that organisation; its deliveries go with it. */
  deleteReportSchedule(organisationId: number, id: number): Promise<boolean>;
  /** Enabled schedules of every organisation whose next run is at or before `now`, earliest first. */
  dueReportSchedules(now: string): Promise<ReportScheduleRecord[]>;
  /**
   * Claims the schedule's run at `dueAt`: moves its next run from `dueAt` to `nextRunAt` and stores the
   * delivery (status generating), together. Null when the schedule no longer runs at `dueAt` (edited, paused
   * or claimed already), or when that due time has a delivery already (the next run still moves).
   */
  claimScheduledDelivery(
    delivery: NewReportDelivery & { dueAt: string },
    nextRunAt: string,
    now: string,
  ): Promise<ReportDeliveryRecord | null>;
  /** Stores a run-now or test delivery (status generating). */
  createReportDelivery(d: NewReportDelivery, now: string): Promise<ReportDeliveryRecord>;
  updateReportDelivery(id: number, patch: ReportDeliveryPatch): Promise<void>;
  getReportDelivery(organisationId: number, id: number): Promise<ReportDeliveryRecord | null>;
  /** The schedule's deliveries, newest first, at most `limit`. */
  listReportDeliveries(
    organisationId: number,
    scheduleId: number,
    limit: number,
  ): Promise<ReportDeliveryRecord[]>;
  /** Deliveries of every organisation waiting to retry whose next attempt is at or before `now`. */
  retryingReportDeliveries(now: string): Promise<ReportDeliveryRecord[]>;
  /** Marks generating and sending deliveries failed with `error` (a restart stopped them); how many. */
  failUnfinishedReportDeliveries(error: string, now: string): Promise<number>;
}
