// The MetaStore methods of report scheduling (issue 31 item 5), delegating to meta/report-schedules.ts. The
// base of KyselyMetaStoreAreas (and so of KyselyMetaStore), so that each file stays a readable size; it holds
// only the Kysely instance.
import type { Kysely } from 'kysely';
import type {
  NewReportDelivery,
  NewReportSchedule,
  ReportDeliveryPatch,
  ReportDeliveryRecord,
  ReportScheduleRecord,
  ReportSchedulePatch,
} from '../report-schedule-store';
import * as schedules from './report-schedules';
import type { Database } from './schema';

export abstract class KyselyMetaStoreSchedules {
  /**
   * @param db the root Kysely instance, or the transaction of a `transaction(fn)` callback's store.
   */
  constructor(protected readonly db: Kysely<Database>) {}

  createReportSchedule(s: NewReportSchedule, now: string): Promise<ReportScheduleRecord> {
    return schedules.createReportSchedule(this.db, s, now);
  }
  listReportSchedules(organisationId: number, reportId: number): Promise<ReportScheduleRecord[]> {
    return schedules.listReportSchedules(this.db, organisationId, reportId);
  }
  getReportSchedule(organisationId: number, id: number): Promise<ReportScheduleRecord | null> {
    return schedules.getReportSchedule(this.db, organisationId, id);
  }
  updateReportSchedule(
    organisationId: number,
    id: number,
    patch: ReportSchedulePatch,
    now: string,
  ): Promise<ReportScheduleRecord | null> {
    return schedules.updateReportSchedule(this.db, organisationId, id, patch, now);
  }
  deleteReportSchedule(organisationId: number, id: number): Promise<boolean> {
    return schedules.deleteReportSchedule(this.db, organisationId, id);
  }
  dueReportSchedules(now: string): Promise<ReportScheduleRecord[]> {
    return schedules.dueReportSchedules(this.db, now);
  }
  claimScheduledDelivery(
    delivery: NewReportDelivery & { dueAt: string },
    nextRunAt: string,
    now: string,
  ): Promise<ReportDeliveryRecord | null> {
    return schedules.claimScheduledDelivery(this.db, delivery, nextRunAt, now);
  }
  createReportDelivery(d: NewReportDelivery, now: string): Promise<ReportDeliveryRecord> {
    return schedules.createReportDelivery(this.db, d, now);
  }
  updateReportDelivery(id: number, patch: ReportDeliveryPatch): Promise<void> {
    return schedules.updateReportDelivery(this.db, id, patch);
  }
  getReportDelivery(organisationId: number, id: number): Promise<ReportDeliveryRecord | null> {
    return schedules.getReportDelivery(this.db, organisationId, id);
  }
  listReportDeliveries(
    organisationId: number,
    scheduleId: number,
    limit: number,
  ): Promise<ReportDeliveryRecord[]> {
    return schedules.listReportDeliveries(this.db, organisationId, scheduleId, limit);
  }
  retryingReportDeliveries(now: string): Promise<ReportDeliveryRecord[]> {
    return schedules.retryingReportDeliveries(this.db, now);
  }
  failUnfinishedReportDeliveries(error: string, now: string): Promise<number> {
    return schedules.failUnfinishedReportDeliveries(this.db, error, now);
  }
}
