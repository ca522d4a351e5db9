// Tasks (issue 31 item 6): the fixed vocabularies (status, priority, link kinds, notification kinds), the
// @mention reader of comments, and the detector rules that turn two rank snapshots of a campaign into
// evidence of a drop or of a lost featured snippet. Pure: no I/O.

export const TASK_STATUSES = ['open', 'in-progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** 'alert': a campaign's alert rule fired (issue 29 item 7). */
export const NOTIFICATION_KINDS = ['assigned', 'mentioned', 'alert'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Who raised a task: a person, or a detector after an import or a rank check. */
export const TASK_SOURCES = ['manual', 'rank-drop', 'snippet-lost', 'cannibalisation'] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];

export const MAX_TASK_TITLE = 200;
export const MAX_TASK_DESCRIPTION = 10_000;
export const MAX_TASK_COMMENT = 5_000;
export const MAX_TASK_KEYWORD = 500;
export const MAX_TASK_URL = 2_000;

/** Positions a tracked keyword must lose between two snapshots to raise a task, unless the organisation sets its own. */
export const DEFAULT_DROP_THRESHOLD = 5;
export const MAX_DROP_THRESHOLD = 100;

/** A member of the organisation, as far as mentions need one. */
export interface MentionCandidate {
  id: number;
  email: string;
}

/**
 * The members mentioned in a comment: `@` followed by a member's full e-mail address, e.g.
 * "@ana@acme.test please check". Case-insensitive; each member once, in order of first mention. The address
 * must end at a character that cannot continue it, so "@ana@acme.test" does not also mention "@ana@acme.te".
 */
export function findMentions(text: string, members: readonly MentionCandidate[]): number[] {
  const lower = text.toLowerCase();
  const found: { id: number; at: number }[] = [];
  for (const m of members) {
    const needle = `@${m.email.toLowerCase()}`;
    let at = lower.indexOf(needle);
    while (at !== -1) {
      // A full stop ends the address unless more of an address follows it ("@ana@acme.test." is a mention).
      const rest = lower.slice(at + needle.length, at + needle.length + 2);
      const before = at === 0 ? '' : lower.charAt(at - 1);
      if (!/^(?:[a-z0-9_%+-]|\.[a-z0-9])/.test(rest) && !/[a-z0-9._%+-]/.test(before)) {
        found.push({ id: m.id, at });
        break;
      }
      at = lower.indexOf(needle, at + 1);
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.id);
}

/** One tracked keyword's best organic result for the campaign's domain on one day; null position: not ranked. */
export interface KeywordSnapshotRow {
  keyword: string;
  /** 1-based organic position of the campaign's best result; null when it does not rank in the top 100. */
  position: number | null;
  /** The ranking URL, when it ranks. */
  url: string | null;
  /** True when the campaign's domain holds the featured snippet that day. */
  hasSnippet: boolean;
}

/** What a detector found, with the evidence the task carries. */
export interface DetectedEvent {
  kind: 'rank-drop' | 'snippet-lost';
  keyword: string;
  previousDate: string;
  currentDate: string;
  /** Positions on the two days; null: not in the top 100 (counted as position 101 for the drop). */
  previousPosition: number | null;
  currentPosition: number | null;
  url: string | null;
  /** Stable across re-imports of the same two days: the database refuses a second task with it. */
  eventKey: string;
}

/** Position a keyword that fell out of the top 100 is counted at, so falling out is a drop. */
const UNRANKED = 101;

/**
 * Drops of at least `threshold` positions and featured snippets lost between the previous and the current
 * snapshot of a campaign. A keyword absent from the previous day is new, not dropped; a keyword unranked on
 * both days did not move.
 */
export function detectRankEvents(
  campaignId: number,
  previous: { date: string; rows: readonly KeywordSnapshotRow[] },
  current: { date: string; rows: readonly KeywordSnapshotRow[] },
  threshold: number,
): DetectedEvent[] {
  const before = new Map(previous.rows.map((r) => [r.keyword, r]));
  const events: DetectedEvent[] = [];
  for (const now of current.rows) {
    const was = before.get(now.keyword);
    if (was === undefined) continue;
    const base = {
      keyword: now.keyword,
      previousDate: previous.date,
      currentDate: current.date,
      previousPosition: was.position,
      currentPosition: now.position,
      url: now.url ?? was.url,
    };
    const key = (kind: string) => `${kind}:${campaignId}:${previous.date}:${current.date}:${now.keyword}`;
    if (was.position !== null && (now.position ?? UNRANKED) - was.position >= threshold)
      events.push({ ...base, kind: 'rank-drop', eventKey: key('rank-drop') });
    if (was.hasSnippet && !now.hasSnippet)
      events.push({ ...base, kind: 'snippet-lost', eventKey: key('snippet-lost') });
  }
  return events;
}

/** One raw SERP result as the RankStore stores it (the fields the detector reads). */
export interface SnapshotResult {
  keywordId: number;
  position: number;
  resultType: string;
  url: string;
}

/**
 * Each keyword's row for the detector on one snapshot date: the campaign's best organic rank (counted among
 * the organic and brand results, DESIGN §3 classic rank), its URL, and whether its domain holds the featured
 * snippet. `isOwn` says whether a result URL belongs to the campaign's own domains. Keywords without any
 * result that day are absent (not checked), so they are neither dropped nor new.
 */
export function keywordSnapshotRows(
  results: readonly SnapshotResult[],
  keywordText: ReadonlyMap<number, string>,
  isOwn: (url: string) => boolean,
): KeywordSnapshotRow[] {
  const byKeyword = new Map<number, SnapshotResult[]>();
  for (const r of results) {
    const list = byKeyword.get(r.keywordId) ?? [];
    list.push(r);
    byKeyword.set(r.keywordId, list);
  }
  const rows: KeywordSnapshotRow[] = [];
  for (const [keywordId, list] of byKeyword) {
    const keyword = keywordText.get(keywordId);
    if (keyword === undefined) continue;
    list.sort((a, b) => a.position - b.position);
    let classic = 0;
    let position: number | null = null;
    let url: string | null = null;
    let hasSnippet = false;
    for (const r of list) {
      const organic = r.resultType === 'organic' || r.resultType === 'brand';
      if (organic) classic += 1;
      if (!isOwn(r.url)) continue;
      if (organic && position === null) {
        position = classic;
        url = r.url;
      }
      if (r.resultType === 'featured_snippet') hasSnippet = true;
    }
    rows.push({ keyword, position, url, hasSnippet });
  }
  return rows.sort((a, b) => (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0));
}
