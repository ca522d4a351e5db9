// Search Console rows for the demo workspace (issue 30): for each demo campaign's own domain, the rows Google
// would report for its rankings in the demo SERPs over the last 13 weeks (core/demo/search-console.ts),
// imported as one Search Console import per site through the import pipeline a sync or an upload uses, and
// the site's brand terms stored for the CTR Models screen's brand / non-brand fits.
import { addDays } from '@core/date-range';
import { DEMO_PROJECTS } from '@core/demo/stories';
import { demoSearchConsoleRows, type DemoGscRanking } from '@core/demo/search-console';
import { parseHostFilter } from '@core/host-match';
import { normaliseKeyword } from '@core/keyword';
import { csvHeader, csvRow, FINAL_AFTER_DAYS } from '@core/search-console-sync';
import { sourceFromStream } from '@ingest/formats/input';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import { ImportService } from '../import-service';
import { campaignRankMarket } from '../market-keys';

/** Weeks of demo SERPs the rows cover (about 90 days). */
const WEEKS = 13;
/**
 * Non-brand queries per site: about 25,000 rows each over 13 weeks (date × query × page × country × device);
 * all of a campaign's rankings would be millions.
 */
const QUERIES_PER_SITE = 100;
/** The demo markets' countries (ISO alpha-3), each market's own first, then where else its searches come from. */
const COUNTRIES: Record<string, string[]> = { gb: ['gbr', 'irl'], us: ['usa', 'can'] };

export interface DemoSearchConsoleSummary {
  sites: string[];
  rows: number;
}

/** Brand queries of a demo project: its name and its first word (`wanderlane travel`, `wanderlane`). */
function brandOf(name: string): { terms: string[]; queries: { query: string; sv: number }[] } {
  const full = normaliseKeyword(name);
  const word = full.split(' ')[0]!;
  return {
    terms: [word],
    queries: [
      { query: word, sv: 2400 },
      { query: full, sv: 880 },
    ],
  };
}

/** Writes the demo's Search Console rows; `now` is the import's clock (no day after it is written). */
export async function seedDemoSearchConsole(
  stores: { meta: MetaStore; rank: RankStore },
  organisationId: number,
  seed: number,
  now: Date,
): Promise<DemoSearchConsoleSummary> {
  const { meta, rank } = stores;
  const imports = new ImportService(meta, rank, () => now);
  const summary: DemoSearchConsoleSummary = { sites: [], rows: 0 };
  for (const campaign of await meta.listCampaigns(organisationId)) {
    const spec = DEMO_PROJECTS.find((p) => p.campaignName === campaign.name);
    const own = (await meta.listTrackedDomains(campaign.id)).find((d) => d.isOwn);
    const filter = own === undefined ? null : parseHostFilter(own.value);
    if (spec === undefined || filter === null) continue;
    const market = await campaignRankMarket(meta, campaign);
    const dates = await rank.rankTracking.snapshotDates(market);
    const last = dates[dates.length - 1];
    if (last === undefined) continue;
    const first = addDays(last, -7 * (WEEKS - 1));
    // Up to the last day Search Console would have final figures for, and within the last snapshot's week.
    const finalDay = addDays(now.toISOString().slice(0, 10), -FINAL_AFTER_DAYS);
    const to = [addDays(last, 6), finalDay].sort()[0]!;
    const hits = await rank.rankTracking.hits({
      campaignId: campaign.id,
      market,
      targets: [{ key: filter.value, filter }],
      from: first,
      to: last,
      keywordIds: null,
    });
    const keywords = new Map(
      (await rank.readKeywords(market, [...new Set(hits.map((h) => h.keywordId))])).map((k) => [k.id, k]),
    );
    const rankings: DemoGscRanking[] = hits.flatMap((h) => {
      const k = keywords.get(h.keywordId);
      return k === undefined
        ? []
        : [{ keyword: k.text, sv: k.sv, date: h.date, position: h.position, url: h.url }];
    });
    const brand = brandOf(spec.name);
    const rows = demoSearchConsoleRows({
      seed,
      site: filter.value,
      rankings,
      from: first,
      to,
      countries: COUNTRIES[spec.country] ?? ['usa'],
      brand: brand.queries,
      homepage: `https://${spec.sites[0]}/`,
      maxQueries: QUERIES_PER_SITE,
    });
    const name = `Demo Search Console rows of ${filter.value}`;
    async function* bytes(): AsyncGenerator<Uint8Array> {
      const encoder = new TextEncoder();
      yield encoder.encode(csvHeader('web'));
      for (let i = 0; i < rows.length; i += 10_000) {
        yield encoder.encode(
          rows
            .slice(i, i + 10_000)
            .map(csvRow)
            .join(''),
        );
      }
    }
    const job = await imports.run({
      organisationId,
      userId: null,
      files: [name],
      bytesTotal: null,
      open: () => Promise.resolve([sourceFromStream(name, bytes())]),
      format: 'gsc-api',
      target: filter.value,
      searchType: 'web',
      dryRun: false,
    });
    if (job.status !== 'succeeded') throw new Error(`${name}: ${job.error ?? 'the import failed'}`);
    await meta.setBrandTerms(organisationId, filter.value, brand.terms);
    summary.sites.push(filter.value);
    summary.rows += rows.length;
  }
  return summary;
}
