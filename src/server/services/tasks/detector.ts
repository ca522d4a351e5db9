// Detectors (issue 31 item 6): after each import or rank check (rank checks write through the import
// service), compare the two latest snapshots of every campaign in the imported markets and raise a task for
// each tracked keyword that dropped at least N positions (N: the organisation's setting, default 5) and each
// featured snippet the campaign's own domain lost, and each new cannibalisation conflict of an own domain (a
// conflict kind the keyword did not have at the previous date, as rank tracking defines it). Each task carries its evidence; its event key (kind,
// campaign, both dates, keyword) is unique per organisation, so importing the same days again raises nothing.
import type { Campaign } from '@core/model';
import { matchesAnyHostFilter, parseHostFilter, parseUrlParts } from '@core/host-match';
import type { HostFilter } from '@core/host-match';
import { DEFAULT_DROP_THRESHOLD, detectRankEvents, keywordSnapshotRows } from '@core/tasks';
import type { DetectedEvent } from '@core/tasks';
import { detectConflictEvents, snapshotHits } from '@core/task-conflicts';
import type { ConflictEvent } from '@core/task-conflicts';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { Task } from '@storage/task-store';
import type { Actor } from '../campaign-setup/context';
import { campaignRankMarket } from '../market-keys';

type Event = DetectedEvent | ConflictEvent;

function titleOf(e: Event): string {
  const text = e.keyword.length > 120 ? `${e.keyword.slice(0, 119)}…` : e.keyword;
  if (e.kind === 'cannibalisation')
    return e.conflict === 'multiple'
      ? `Cannibalisation: ${e.urls.length} URLs rank for "${text}"`
      : `Cannibalisation: the ranking URL for "${text}" changed`;
  if (e.kind === 'snippet-lost') return `Featured snippet lost: "${text}"`;
  const now = e.currentPosition === null ? 'out of the top 100' : `#${e.currentPosition}`;
  return `"${text}" dropped from #${e.previousPosition} to ${now}`;
}

function conflictText(e: ConflictEvent): string {
  const list = e.urls.map((u) => `${u.url} (#${u.position} on ${u.date})`);
  return e.conflict === 'multiple'
    ? `On ${e.currentDate} ${e.urls.length} URLs of the campaign's domain ranked for "${e.keyword}", which they did not on ${e.previousDate}: ${list.join(', ')}.`
    : `The campaign's ranking URL for "${e.keyword}" changed by ${e.currentDate} (it had not changed at ${e.previousDate}): ${list.join(' → ')}.`;
}

function descriptionOf(e: Event): string {
  const pos = (p: number | null) => (p === null ? 'not ranked' : `#${p}`);
  return [
    e.kind === 'cannibalisation'
      ? conflictText(e)
      : e.kind === 'snippet-lost'
        ? `The campaign's domain held the featured snippet for "${e.keyword}" on ${e.previousDate} and no longer did on ${e.currentDate}.`
        : `The campaign's best organic position for "${e.keyword}" went from ${pos(e.previousPosition)} on ${e.previousDate} to ${pos(e.currentPosition)} on ${e.currentDate}.`,
    e.url === null ? null : `URL: ${e.url}`,
    'Raised automatically after an import or rank check.',
  ]
    .filter((l) => l !== null)
    .join('\n');
}

export class TaskDetector {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly now: () => Date,
  ) {}

  async threshold(organisationId: number): Promise<number> {
    return (await this.meta.getTaskDropThreshold(organisationId)) ?? DEFAULT_DROP_THRESHOLD;
  }

  async settings(auth: Actor): Promise<{ dropThreshold: number }> {
    return { dropThreshold: await this.threshold(auth.user.organisationId) };
  }

  async updateSettings(auth: Actor, req: { dropThreshold: number }): Promise<{ dropThreshold: number }> {
    await this.meta.setTaskDropThreshold(auth.user.organisationId, req.dropThreshold);
    return this.settings(auth);
  }

  /** Runs the detectors on the organisation's campaigns in the markets an import wrote; returns the new tasks. */
  async afterImport(organisationId: number, marketCodes: readonly string[]): Promise<Task[]> {
    const campaigns = (await this.meta.listCampaigns(organisationId)).filter((c) =>
      marketCodes.includes(c.market),
    );
    const threshold = await this.threshold(organisationId);
    const raised: Task[] = [];
    for (const c of campaigns) raised.push(...(await this.detect(c, threshold)));
    return raised;
  }

  /** The campaign's two latest snapshot dates compared; a new task per event not raised before. */
  async detect(campaign: Campaign, threshold: number): Promise<Task[]> {
    const own: HostFilter[] = (await this.meta.listTrackedDomains(campaign.id))
      .filter((d) => d.isOwn)
      .map((d) => parseHostFilter(d.value))
      .filter((f): f is HostFilter => f !== null);
    if (own.length === 0) return [];
    const market = await campaignRankMarket(this.meta, campaign);
    // The date before the previous one too: a conflict already under way at the previous date is not new.
    const dates = (await this.rank.marketSummary(market)).snapshotDates.slice().sort().slice(-3);
    if (dates.length < 2) return [];
    const [previousDate, currentDate] = [dates[dates.length - 2]!, dates[dates.length - 1]!];
    const ids = (await this.rank.readCampaignKeywords(campaign.id)).map((k) => k.keywordId);
    if (ids.length === 0) return [];
    const text = new Map((await this.rank.readKeywords(market, ids)).map((k) => [k.id, k.text]));
    const isOwn = (url: string) => {
      const parts = parseUrlParts(url);
      return parts !== null && matchesAnyHostFilter(own, parts);
    };
    // Cannibalisation is per own domain (rank tracking's target): the index of the first one a URL matches.
    const targetOf = (url: string) => {
      const parts = parseUrlParts(url);
      const i = parts === null ? -1 : own.findIndex((f) => matchesAnyHostFilter([f], parts));
      return i === -1 ? null : i;
    };
    const snapshots = await Promise.all(dates.map((d) => this.rank.readSnapshot(market, d, ids)));
    const [before, after] = [snapshots[snapshots.length - 2]!, snapshots[snapshots.length - 1]!];
    const events: Event[] = [
      ...detectRankEvents(
        campaign.id,
        { date: previousDate, rows: keywordSnapshotRows(before, text, isOwn) },
        { date: currentDate, rows: keywordSnapshotRows(after, text, isOwn) },
        threshold,
      ),
      ...detectConflictEvents(
        campaign.id,
        dates.flatMap((d, i) => snapshotHits(d, snapshots[i]!, targetOf)),
        dates,
        text,
        new Set(before.map((r) => r.keywordId)),
      ),
    ];
    const raised: Task[] = [];
    const now = this.now().toISOString();
    for (const e of events) {
      const task = await this.meta.createTask(
        {
          organisationId: campaign.organisationId,
          title: titleOf(e),
          description: descriptionOf(e),
          status: 'open',
          priority:
            e.kind === 'cannibalisation'
              ? 'normal'
              : e.kind === 'snippet-lost' ||
                  (e.currentPosition ?? 101) - (e.previousPosition ?? 0) >= 2 * threshold
                ? 'high'
                : 'normal',
          assigneeId: null,
          dueDate: null,
          campaignId: campaign.id,
          keyword: e.keyword,
          url: e.url,
          reportId: null,
          source: e.kind,
          eventKey: e.eventKey,
          evidence: {
            keyword: e.keyword,
            previousDate: e.previousDate,
            currentDate: e.currentDate,
            previousPosition: e.previousPosition,
            currentPosition: e.currentPosition,
            url: e.url,
            ...(e.kind === 'cannibalisation' ? { conflict: e.conflict, urls: e.urls } : {}),
          },
          createdBy: null,
        },
        now,
      );
      if (task !== null) raised.push(task);
    }
    return raised;
  }
}
