// The bench campaign of issue 4: 10,000 keywords × 20 tracked domains on the demo workspace's first market,
// added after the demo is seeded. The keywords are spread evenly over the market's demo keywords (every
// vertical, with the demo's tags and groups); the tracked domains are the campaign's 20 most visible
// registrable domains at the last snapshot, as the competitors league lists them. Deterministic for a plan.
import { DEFAULT_CTR } from '@core/ctr';
import { mondayOnOrBefore } from '@core/demo/dates';
import { buildDemoPlan, keywordLabels } from '@core/demo/plan';
import { paletteColour } from '@core/palette';
import type { Stores } from '@server/context';
import type { CvScope } from '@storage/campaign-visibility-reads';

export interface ScaleSize {
  keywords: number;
  domains: number;
}

export interface BenchCampaign {
  campaignId: number;
  name: string;
  market: string;
  keywords: number;
  /** Tracked registrable domains, most visible first. */
  domains: string[];
}

export async function addScaleCampaign(
  { meta, rank }: Stores,
  opts: { organisationId: number; seed: number; keywordsPerMarket: number; weeks: number; now: string },
  size: ScaleSize,
): Promise<BenchCampaign> {
  const endDate = mondayOnOrBefore(opts.now);
  const plan = buildDemoPlan({
    seed: opts.seed,
    endDate,
    keywordsPerMarket: opts.keywordsPerMarket,
    weeks: opts.weeks,
  });
  const { market, keywords } = plan.markets[0]!;
  const total = keywords.texts.length;
  if (total < size.keywords) {
    throw new Error(
      `the bench campaign needs ${size.keywords} keywords but market ${market.code} has ${total}; ` +
        'raise --keywords',
    );
  }
  const picked = Array.from({ length: size.keywords }, (_, i) => Math.floor((i * total) / size.keywords));
  // Same texts and volumes as the seed wrote: the upsert changes nothing and returns their ids.
  const ids = await rank.upsertKeywords(
    market.code,
    picked.map((k) => ({ text: keywords.texts[k]!, sv: keywords.sv[k]! })),
  );
  const name = `Bench: ${size.keywords.toLocaleString('en')} keywords × ${size.domains} domains`;
  const now = opts.now;
  const project = await meta.createProject(opts.organisationId, 'Bench', now);
  const campaign = await meta.createCampaign(
    {
      organisationId: opts.organisationId,
      projectId: project.id,
      name,
      market: market.code,
      ctrModel: 'default',
      schedule: 'weekly',
    },
    now,
  );
  await rank.setCampaignKeywords(
    campaign.id,
    market.code,
    picked.map((k) => ({ keywordId: ids.get(keywords.texts[k]!)!, ...keywordLabels(keywords, k) })),
  );
  const scope: CvScope = {
    campaignId: campaign.id,
    market: market.code,
    tags: [],
    tagsMatch: 'any',
    groups: [],
    keywords: [],
    resultTypes: [],
    ctr: DEFAULT_CTR,
  };
  const scores = await rank.campaignVisibility.domainScores(scope, [endDate]);
  const domains = scores.slice(0, size.domains).map((s) => s.domain);
  if (domains.length < size.domains) {
    throw new Error(`only ${domains.length} domains rank on the bench campaign; ${size.domains} wanted`);
  }
  for (const [i, domain] of domains.entries()) {
    await meta.addTrackedDomain(campaign.id, {
      value: domain,
      label: domain,
      color: paletteColour(i),
      isOwn: i === 0,
    });
  }
  // Declared to the RankStore as the set-up service does after each domain it adds (prepareReads).
  await rank.prepareCampaignReads(campaign.id, domains);
  return { campaignId: campaign.id, name, market: market.code, keywords: size.keywords, domains };
}
