// Set-up of a user's own work (issue 25): projects, campaigns, keywords with tags and keyword groups,
// tracked domains, domain groups, competitor suggestions and the audit trail, behind one service that the
// REST routes, the CLI and (through the routes) the web app share. Objects of another organisation answer
// 404; every change is recorded for administrators.
import type { z } from 'zod';
import type {
  addDomainRequest,
  addKeywordsRequest,
  auditResponse,
  campaignKeywordsQuery,
  createCampaignRequest,
  domainGroupRequest,
  marketKeywordsQuery,
  updateCampaignRequest,
  updateDomainGroupRequest,
  updateDomainRequest,
} from '@contracts/campaign-setup';
import type { CampaignDetail } from '@contracts/workspace';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { SetupLimits } from '../../config';
import type { WorkspaceService } from '../workspace-service';
import * as campaigns from './campaigns';
import type { Actor, SetupContext } from './context';
import * as domains from './domains';
import * as keywords from './keywords';
import { competitorSuggestions } from './suggestions';

const projectView = (p: { id: number; name: string; createdAt: string }) => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
});
const domainView = (d: { id: number; value: string; label: string; color: string; isOwn: boolean }) => ({
  id: d.id,
  value: d.value,
  label: d.label,
  color: d.color,
  isOwn: d.isOwn,
});
const groupView = (g: { id: number; label: string; color: string; members: string[] }) => ({
  id: g.id,
  label: g.label,
  color: g.color,
  members: g.members,
});

export class CampaignSetupService {
  private readonly ctx: SetupContext;

  constructor(
    meta: MetaStore,
    rank: RankStore,
    private readonly workspace: WorkspaceService,
    limits: SetupLimits,
    now: () => Date,
  ) {
    this.ctx = { meta, rank, now, limits };
  }

  limits(): SetupLimits {
    return this.ctx.limits;
  }

  /** Finishes deletes a dead process left half-done; the server calls it once at every start. */
  finishPendingDeletes(): Promise<{ campaigns: number; projects: number }> {
    return campaigns.finishPendingDeletes(this.ctx);
  }

  async createProject(auth: Actor, name: string) {
    return projectView(await campaigns.createProject(this.ctx, auth, name));
  }
  async renameProject(auth: Actor, id: number, name: string) {
    return projectView(await campaigns.renameProject(this.ctx, auth, id, name));
  }
  deleteProject(auth: Actor, id: number): Promise<void> {
    return campaigns.deleteProject(this.ctx, auth, id);
  }

  async createCampaign(auth: Actor, req: z.infer<typeof createCampaignRequest>): Promise<CampaignDetail> {
    const c = await campaigns.createCampaign(this.ctx, auth, req);
    return this.workspace.campaign(auth, c.id);
  }
  async updateCampaign(
    auth: Actor,
    id: number,
    req: z.infer<typeof updateCampaignRequest>,
  ): Promise<CampaignDetail> {
    await campaigns.updateCampaign(this.ctx, auth, id, req);
    return this.workspace.campaign(auth, id);
  }
  deleteCampaign(auth: Actor, id: number): Promise<void> {
    return campaigns.deleteCampaign(this.ctx, auth, id);
  }

  addKeywords(auth: Actor, id: number, req: z.infer<typeof addKeywordsRequest>) {
    return keywords.addKeywords(this.ctx, auth, id, req);
  }
  removeKeywords(auth: Actor, id: number, texts: readonly string[]) {
    return keywords.removeKeywords(this.ctx, auth, id, texts);
  }
  listKeywords(auth: Actor, id: number, q: z.infer<typeof campaignKeywordsQuery>) {
    return keywords.listCampaignKeywords(this.ctx, auth, id, q);
  }
  marketKeywords(auth: Actor, market: string, q: z.infer<typeof marketKeywordsQuery>) {
    return keywords.listMarketKeywords(this.ctx, auth, market, q);
  }
  changeLabel(auth: Actor, id: number, kind: keywords.LabelKind, from: string, to: string | null) {
    return keywords.changeLabel(this.ctx, auth, id, kind, from, to);
  }

  async addDomain(auth: Actor, id: number, req: z.infer<typeof addDomainRequest>) {
    return domainView(await domains.addDomain(this.ctx, auth, id, req));
  }
  async updateDomain(auth: Actor, id: number, domainId: number, req: z.infer<typeof updateDomainRequest>) {
    return domainView(await domains.updateDomain(this.ctx, auth, id, domainId, req));
  }
  deleteDomain(auth: Actor, id: number, domainId: number): Promise<void> {
    return domains.deleteDomain(this.ctx, auth, id, domainId);
  }
  async createGroup(auth: Actor, id: number, req: z.infer<typeof domainGroupRequest>) {
    return groupView(await domains.createGroup(this.ctx, auth, id, req));
  }
  async updateGroup(auth: Actor, id: number, groupId: number, req: z.infer<typeof updateDomainGroupRequest>) {
    return groupView(await domains.updateGroup(this.ctx, auth, id, groupId, req));
  }
  deleteGroup(auth: Actor, id: number, groupId: number): Promise<void> {
    return domains.deleteGroup(this.ctx, auth, id, groupId);
  }

  suggestions(auth: Actor, id: number, limit?: number) {
    return competitorSuggestions(this.ctx, auth, id, limit);
  }

  async auditLog(auth: Actor, offset: number, limit: number): Promise<z.infer<typeof auditResponse>> {
    const events = await this.ctx.meta.listAudit(auth.user.organisationId, limit, offset);
    return {
      items: events.map((e) => ({
        id: e.id,
        at: e.at,
        userEmail: e.userEmail,
        action: e.action,
        objectType: e.objectType,
        objectId: e.objectId,
        summary: e.summary,
      })),
    };
  }
}
