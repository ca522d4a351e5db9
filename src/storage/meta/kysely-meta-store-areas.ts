// The MetaStore methods of the workspace's later areas — annotations, CTR models, tasks and notifications,
// dashboards, Search Console connections — delegating to their query modules, as KyselyMetaStore does for the
// rest. A base class of KyselyMetaStore so that each file stays a readable size; it holds no state of its own.
import type {
  AlertEventRecord,
  AlertRulePatch,
  AlertRuleRecord,
  NewAlertEvent,
  NewAlertRule,
} from '../alert-store';
import type { Annotation, AnnotationPatch, AnnotationQuery, NewAnnotation } from '../annotation-store';
import type { NewCtrModel, StoredCtrModel } from '../ctr-model-store';
import type { DashboardPatch, DashboardRecord, NewDashboard } from '../dashboard-store';
import type {
  GscConnection,
  GscLink,
  GscLinkSyncPatch,
  NewGscConnection,
  NewGscLink,
} from '../gsc-link-store';
import type {
  NewNotification,
  NewTask,
  Notification,
  SmtpSettings,
  Task,
  TaskChange,
  TaskComment,
  TaskPatch,
  TaskQuery,
} from '../task-store';
import { KyselyMetaStoreSchedules } from './kysely-meta-store-schedules';
import * as alerts from './alerts';
import * as annotations from './annotations';
import * as ctrModels from './ctr-models';
import * as dashboards from './dashboards';
import * as gscLinks from './gsc-links';
import * as notifications from './notifications';
import * as reportDocs from './report-documents';
import * as tasks from './tasks';
import type { GeneratedReportPatch, GeneratedReportRecord, NewGeneratedReport } from '../report-store';

// The constructor (the Kysely instance, or a transaction's) is the base's: report scheduling's methods.
export abstract class KyselyMetaStoreAreas extends KyselyMetaStoreSchedules {
  createAlertRule(rule: NewAlertRule, now: string): Promise<AlertRuleRecord> {
    return alerts.createAlertRule(this.db, rule, now);
  }
  listAlertRules(organisationId: number, campaignId: number): Promise<AlertRuleRecord[]> {
    return alerts.listAlertRules(this.db, organisationId, campaignId);
  }
  getAlertRule(organisationId: number, id: number): Promise<AlertRuleRecord | null> {
    return alerts.getAlertRule(this.db, organisationId, id);
  }
  updateAlertRule(
    organisationId: number,
    id: number,
    patch: AlertRulePatch,
    now: string,
  ): Promise<AlertRuleRecord | null> {
    return alerts.updateAlertRule(this.db, organisationId, id, patch, now);
  }
  deleteAlertRule(organisationId: number, id: number): Promise<boolean> {
    return alerts.deleteAlertRule(this.db, organisationId, id);
  }
  recordAlertEvents(events: readonly NewAlertEvent[], now: string): Promise<AlertEventRecord[]> {
    return alerts.recordAlertEvents(this.db, events, now);
  }
  listAlertEvents(organisationId: number, campaignId: number, limit: number): Promise<AlertEventRecord[]> {
    return alerts.listAlertEvents(this.db, organisationId, campaignId, limit);
  }

  createAnnotations(list: readonly NewAnnotation[], now: string): Promise<Annotation[]> {
    return annotations.createAnnotations(this.db, list, now);
  }
  listAnnotations(organisationId: number, query: AnnotationQuery): Promise<Annotation[]> {
    return annotations.listAnnotations(this.db, organisationId, query);
  }
  getAnnotation(organisationId: number, id: number): Promise<Annotation | null> {
    return annotations.getAnnotation(this.db, organisationId, id);
  }
  updateAnnotation(organisationId: number, id: number, patch: AnnotationPatch): Promise<Annotation | null> {
    return annotations.updateAnnotation(this.db, organisationId, id, patch);
  }
  deleteAnnotation(organisationId: number, id: number): Promise<boolean> {
    return annotations.deleteAnnotation(this.db, organisationId, id);
  }

  createCtrModel(model: NewCtrModel, now: string): Promise<StoredCtrModel> {
    return ctrModels.createCtrModel(this.db, model, now);
  }
  listCtrModels(organisationId: number): Promise<StoredCtrModel[]> {
    return ctrModels.listCtrModels(this.db, organisationId);
  }
  getCtrModel(organisationId: number, id: number): Promise<StoredCtrModel | null> {
    return ctrModels.getCtrModel(this.db, organisationId, id);
  }
  deleteCtrModel(organisationId: number, id: number): Promise<boolean> {
    return ctrModels.deleteCtrModel(this.db, organisationId, id);
  }
  getBrandTerms(organisationId: number, site: string): Promise<string[]> {
    return ctrModels.getBrandTerms(this.db, organisationId, site);
  }
  setBrandTerms(organisationId: number, site: string, terms: readonly string[]): Promise<void> {
    return ctrModels.setBrandTerms(this.db, organisationId, site, terms);
  }

  createTask(task: NewTask, now: string): Promise<Task | null> {
    return tasks.createTask(this.db, task, now);
  }
  listTasks(organisationId: number, query: TaskQuery): Promise<Task[]> {
    return tasks.listTasks(this.db, organisationId, query);
  }
  getTask(organisationId: number, id: number): Promise<Task | null> {
    return tasks.getTask(this.db, organisationId, id);
  }
  updateTask(
    organisationId: number,
    id: number,
    patch: TaskPatch,
    actorId: number | null,
    now: string,
  ): Promise<Task | null> {
    return tasks.updateTask(this.db, organisationId, id, patch, actorId, now);
  }
  deleteTask(organisationId: number, id: number): Promise<boolean> {
    return tasks.deleteTask(this.db, organisationId, id);
  }
  addTaskComment(
    organisationId: number,
    taskId: number,
    comment: { authorId: number | null; body: string },
    now: string,
  ): Promise<TaskComment | null> {
    return tasks.addTaskComment(this.db, organisationId, taskId, comment, now);
  }
  listTaskComments(organisationId: number, taskId: number): Promise<TaskComment[]> {
    return tasks.listTaskComments(this.db, organisationId, taskId);
  }
  listTaskHistory(organisationId: number, taskId: number): Promise<TaskChange[]> {
    return tasks.listTaskHistory(this.db, organisationId, taskId);
  }

  createNotifications(list: readonly NewNotification[], now: string): Promise<void> {
    return notifications.createNotifications(this.db, list, now);
  }
  listNotifications(organisationId: number, userId: number, limit: number): Promise<Notification[]> {
    return notifications.listNotifications(this.db, organisationId, userId, limit);
  }
  countUnreadNotifications(organisationId: number, userId: number): Promise<number> {
    return notifications.countUnreadNotifications(this.db, organisationId, userId);
  }
  markNotificationsRead(
    organisationId: number,
    userId: number,
    ids: readonly number[] | null,
    now: string,
  ): Promise<number> {
    return notifications.markNotificationsRead(this.db, organisationId, userId, ids, now);
  }
  getTaskDropThreshold(organisationId: number): Promise<number | null> {
    return notifications.getTaskDropThreshold(this.db, organisationId);
  }
  setTaskDropThreshold(organisationId: number, positions: number): Promise<void> {
    return notifications.setTaskDropThreshold(this.db, organisationId, positions);
  }
  getSmtpSettings(organisationId: number): Promise<SmtpSettings | null> {
    return notifications.getSmtpSettings(this.db, organisationId);
  }
  setSmtpSettings(organisationId: number, settings: SmtpSettings): Promise<void> {
    return notifications.setSmtpSettings(this.db, organisationId, settings);
  }
  deleteSmtpSettings(organisationId: number): Promise<boolean> {
    return notifications.deleteSmtpSettings(this.db, organisationId);
  }

  createDashboard(d: NewDashboard, now: string): Promise<DashboardRecord> {
    return dashboards.createDashboard(this.db, d, now);
  }
  listDashboards(organisationId: number, userId: number): Promise<DashboardRecord[]> {
    return dashboards.listDashboards(this.db, organisationId, userId);
  }
  getDashboard(organisationId: number, userId: number, id: number): Promise<DashboardRecord | null> {
    return dashboards.getDashboard(this.db, organisationId, userId, id);
  }
  updateDashboard(
    organisationId: number,
    id: number,
    patch: DashboardPatch,
    now: string,
  ): Promise<DashboardRecord | null> {
    return dashboards.updateDashboard(this.db, organisationId, id, patch, now);
  }
  deleteDashboard(organisationId: number, id: number): Promise<boolean> {
    return dashboards.deleteDashboard(this.db, organisationId, id);
  }
  getDefaultDashboard(userId: number): Promise<number | null> {
    return dashboards.getDefaultDashboard(this.db, userId);
  }
  setDefaultDashboard(userId: number, dashboardId: number, now: string): Promise<void> {
    return dashboards.setDefaultDashboard(this.db, userId, dashboardId, now);
  }

  createGscConnection(c: NewGscConnection, now: string): Promise<GscConnection> {
    return gscLinks.createGscConnection(this.db, c, now);
  }
  listGscConnections(organisationId: number): Promise<GscConnection[]> {
    return gscLinks.listGscConnections(this.db, organisationId);
  }
  getGscConnection(organisationId: number, id: number): Promise<GscConnection | null> {
    return gscLinks.getGscConnection(this.db, organisationId, id);
  }
  setGscRefreshToken(organisationId: number, id: number, sealedRefreshToken: string): Promise<boolean> {
    return gscLinks.setGscRefreshToken(this.db, organisationId, id, sealedRefreshToken);
  }
  deleteGscConnection(organisationId: number, id: number): Promise<boolean> {
    return gscLinks.deleteGscConnection(this.db, organisationId, id);
  }
  createGscLink(link: NewGscLink, now: string): Promise<GscLink> {
    return gscLinks.createGscLink(this.db, link, now);
  }
  listGscLinks(organisationId: number | null): Promise<GscLink[]> {
    return gscLinks.listGscLinks(this.db, organisationId);
  }
  getGscLink(organisationId: number, id: number): Promise<GscLink | null> {
    return gscLinks.getGscLink(this.db, organisationId, id);
  }
  updateGscLinkSync(id: number, patch: GscLinkSyncPatch): Promise<void> {
    return gscLinks.updateGscLinkSync(this.db, id, patch);
  }
  failRunningGscSyncs(error: string): Promise<number> {
    return gscLinks.failRunningGscSyncs(this.db, error);
  }
  deleteGscLink(organisationId: number, id: number): Promise<boolean> {
    return gscLinks.deleteGscLink(this.db, organisationId, id);
  }
  getReportDocument(organisationId: number, reportId: number): Promise<string | null> {
    return reportDocs.getReportDocument(this.db, organisationId, reportId);
  }
  updateReport(
    organisationId: number,
    reportId: number,
    fields: { name: string; campaignId: number; sections: string[]; document: string },
    now: string,
  ): Promise<boolean> {
    return reportDocs.updateReport(this.db, organisationId, reportId, fields, now);
  }
  setReportDocument(reportId: number, document: string, now: string): Promise<void> {
    return reportDocs.setReportDocument(this.db, reportId, document, now);
  }
  getOrganisationBrand(organisationId: number): Promise<string | null> {
    return reportDocs.getOrganisationBrand(this.db, organisationId);
  }
  setOrganisationBrand(organisationId: number, brand: string, now: string): Promise<void> {
    return reportDocs.setOrganisationBrand(this.db, organisationId, brand, now);
  }
  createGeneratedReport(g: NewGeneratedReport, now: string): Promise<GeneratedReportRecord> {
    return reportDocs.createGeneratedReport(this.db, g, now);
  }
  listGeneratedReports(organisationId: number, reportId: number): Promise<GeneratedReportRecord[]> {
    return reportDocs.listGeneratedReports(this.db, organisationId, reportId);
  }
  getGeneratedReport(organisationId: number, id: number): Promise<GeneratedReportRecord | null> {
    return reportDocs.getGeneratedReport(this.db, organisationId, id);
  }
  updateGeneratedReport(id: number, patch: GeneratedReportPatch): Promise<void> {
    return reportDocs.updateGeneratedReport(this.db, id, patch);
  }
  getGeneratedReportSnapshot(organisationId: number, id: number): Promise<string | null> {
    return reportDocs.getGeneratedReportSnapshot(this.db, organisationId, id);
  }
  getGeneratedReportFile(
    organisationId: number,
    id: number,
    file: 'pdf' | 'csv',
  ): Promise<Uint8Array | null> {
    return reportDocs.getGeneratedReportFile(this.db, organisationId, id, file);
  }
  failUnfinishedGeneratedReports(error: string, now: string): Promise<number> {
    return reportDocs.failUnfinishedGeneratedReports(this.db, error, now);
  }
}
