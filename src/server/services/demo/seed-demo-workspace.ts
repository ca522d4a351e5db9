// Seeds the demo workspace of an organisation: builds the deterministic demo plan, writes markets, projects,
// sites, campaigns, tracked domains and domain groups to the MetaStore, and keywords, campaign membership and
// the SERP history to the RankStore. Safe to re-run with the same options: existing projects, campaigns,
// domains and groups are reused by name, keywords upserted, membership and snapshots replaced.
import { mondayOnOrBefore } from '@core/demo/dates';
import type { DemoPhase } from '@core/demo/progress';
import {
  buildDemoPlan,
  demoSerpPlan,
  keywordLabels,
  type DemoPlan,
  type DemoProjectPlan,
} from '@core/demo/plan';
import { parseHostFilter } from '@core/host-match';
import type { Campaign } from '@core/model';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';

export type { DemoPhase };

export interface SeedDemoOptions {
  organisationId: number;
  seed: number;
  keywordsPerMarket?: number;
  weeks?: number;
  /** Hosts in the demo web (default 6000). */
  hosts?: number;
  /** The current instant or date (ISO); the history ends on the Monday on or before it. */
  now: string;
}

export interface SeedDemoSummary {
  endDate: string;
  markets: string[];
  keywords: number;
  serpResults: number;
  projects: {
    id: number;
    name: string;
    campaignId: number;
    campaign: string;
    market: string;
    keywords: number;
  }[];
  /** Wall-clock milliseconds per phase. */
  timings: Record<DemoPhase, number>;
}

export type DemoProgress = (phase: DemoPhase, done: number, total: number) => void;

interface Stores {
  meta: MetaStore;
  rank: RankStore;
}

/** Creates (or finds by name) a project's campaign, tracked domains and groups; returns the campaign. */
async function writeProject(
  meta: MetaStore,
  organisationId: number,
  p: DemoProjectPlan,
  now: string,
): Promise<{ projectId: number; campaign: Campaign }> {
  const project =
    (await meta.listProjects(organisationId)).find((x) => x.name === p.spec.name) ??
    (await meta.createProject(organisationId, p.spec.name, now));
  const sites = new Set((await meta.listSites(project.id)).map((s) => s.host));
  for (const host of p.spec.sites) if (!sites.has(host)) await meta.addSite(project.id, host);
  const campaign =
    (await meta.listCampaigns(organisationId, project.id)).find((c) => c.name === p.spec.campaignName) ??
    (await meta.createCampaign(
      {
        organisationId,
        projectId: project.id,
        name: p.spec.campaignName,
        market: p.spec.market,
        ctrModel: 'default',
      },
      now,
    ));
  const domains = new Set((await meta.listTrackedDomains(campaign.id)).map((d) => d.value));
  for (const { item, color } of p.tracked) {
    if (!domains.has(item.value)) await meta.addTrackedDomain(campaign.id, { ...item, color });
  }
  const groups = new Set((await meta.listDomainGroups(campaign.id)).map((g) => g.label));
  for (const { item, color } of p.groups) {
    if (!groups.has(item.label)) {
      await meta.createDomainGroup(campaign.id, { label: item.label, color, members: item.members });
    }
  }
  return { projectId: project.id, campaign };
}

async function writeKeywords(
  rank: RankStore,
  plan: DemoPlan,
  progress: DemoProgress,
): Promise<Map<string, Int32Array>> {
  const ids = new Map<string, Int32Array>();
  for (const [i, m] of plan.markets.entries()) {
    const k = m.keywords;
    const byText = await rank.upsertKeywords(
      m.market.code,
      k.texts.map((text, j) => ({ text, sv: k.sv[j]! })),
    );
    ids.set(
      m.market.code,
      Int32Array.from(k.texts, (t) => byText.get(t)!),
    );
    progress('keywords', i + 1, plan.markets.length);
  }
  return ids;
}

export async function seedDemoWorkspace(
  { meta, rank }: Stores,
  options: SeedDemoOptions,
  onProgress?: DemoProgress,
): Promise<SeedDemoSummary> {
  const progress: DemoProgress = onProgress ?? (() => undefined);
  const timings: Record<DemoPhase, number> = { plan: 0, workspace: 0, keywords: 0, campaigns: 0, serps: 0 };
  let started = performance.now();
  const lap = (phase: DemoPhase) => {
    const t = performance.now();
    timings[phase] = Math.round(t - started);
    started = t;
  };

  progress('plan', 0, 1);
  const endDate = mondayOnOrBefore(options.now);
  const plan = buildDemoPlan({
    seed: options.seed,
    endDate,
    ...(options.keywordsPerMarket === undefined ? {} : { keywordsPerMarket: options.keywordsPerMarket }),
    ...(options.weeks === undefined ? {} : { weeks: options.weeks }),
    ...(options.hosts === undefined ? {} : { hosts: options.hosts }),
  });
  progress('plan', 1, 1);
  lap('plan');

  const written = await meta.transaction(async (tx) => {
    // The demo workspace is the instance operator's (the organisation of the first start), whose markets
    // keep their bare code as rank key (market-keys.ts).
    for (const m of plan.markets) await tx.upsertMarket(options.organisationId, m.market, m.market.code);
    const out: { projectId: number; campaign: Campaign }[] = [];
    for (const [i, p] of plan.projects.entries()) {
      out.push(await writeProject(tx, options.organisationId, p, options.now));
      progress('workspace', i + 1, plan.projects.length);
    }
    return out;
  });
  lap('workspace');

  const ids = await writeKeywords(rank, plan, progress);
  lap('keywords');

  for (const [i, p] of plan.projects.entries()) {
    const market = plan.markets.find((m) => m.market.code === p.spec.market)!;
    const marketIds = ids.get(p.spec.market)!;
    await rank.setCampaignKeywords(
      written[i]!.campaign.id,
      p.spec.market,
      Array.from(p.campaignKeywords, (k) => ({
        keywordId: marketIds[k]!,
        ...keywordLabels(market.keywords, k),
      })),
    );
    progress('campaigns', i + 1, plan.projects.length);
  }
  lap('campaigns');

  const serpPlan = demoSerpPlan(plan, ids);
  // The SERP phase's start: the store reports each market-week after writing it.
  progress('serps', 0, serpPlan.markets.length * serpPlan.dates.length);
  await rank.generateDemoSerps(serpPlan, (done, total) => progress('serps', done, total));
  // Each campaign's first view answers as fast as later ones (issue 26): its tracked domains prepared now.
  for (const [i, p] of plan.projects.entries()) {
    const domains = p.tracked.flatMap(({ item }) => parseHostFilter(item.value)?.domain ?? []);
    await rank.prepareCampaignReads(written[i]!.campaign.id, [...new Set(domains)]);
  }
  lap('serps');

  const summaries = await Promise.all(plan.markets.map((m) => rank.marketSummary(m.market.code)));
  return {
    endDate,
    markets: plan.markets.map((m) => m.market.code),
    keywords: plan.markets.reduce((n, m) => n + m.keywords.texts.length, 0),
    serpResults: summaries.reduce((n, s) => n + s.serpResults, 0),
    projects: plan.projects.map((p, i) => ({
      id: written[i]!.projectId,
      name: p.spec.name,
      campaignId: written[i]!.campaign.id,
      campaign: p.spec.campaignName,
      market: p.spec.market,
      keywords: p.campaignKeywords.length,
    })),
    timings,
  };
}
