// Rank alerts (issue 29 item 7): a campaign's rules and their evaluation on the two latest snapshots after
// each import or rank check. A rule fires an alert per keyword (or once, for visibility) with its evidence;
// the event key (rule, both dates, keyword, domain) is what the store keeps unique, so evaluating the same
// two days again fires nothing new. Positions are the absolute rank on the page (1–100; a domain's best
// result); visibility is DESIGN §3's visibility % of the own domains. Pure: no I/O.
import { ctrAt, type CtrModel } from './metrics/ctr-model';
import { bestByDate, type Best, type RankHit } from './rank-tracking';

export const ALERT_RULE_KINDS = [
  'drop',
  'enter-top',
  'leave-top',
  'competitor-top',
  'visibility-drop',
] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];

export const ALERT_RULE_LABELS: Record<AlertRuleKind, string> = {
  drop: 'A keyword drops by at least N positions',
  'enter-top': 'A keyword enters the top N',
  'leave-top': 'A keyword leaves the top N',
  'competitor-top': 'A competitor enters the top N for a keyword',
  'visibility-drop': 'Your visibility drops by at least P %',
};

export const MAX_ALERT_NAME = 200;
export const MAX_ALERT_TAG = 500;

/** What a rule watches; `threshold` is N positions (drop), the top N (enter/leave/competitor) or P % (visibility). */
export interface AlertRuleSpec {
  kind: AlertRuleKind;
  /** Only keywords with this tag; null: every keyword (ignored by visibility-drop). */
  tag: string | null;
  threshold: number;
  /** competitor-top only: one tracked competitor's value; null: any competitor. */
  competitor: string | null;
}

export interface AlertRule extends AlertRuleSpec {
  id: number;
  name: string;
}

export interface AlertKeyword {
  id: number;
  text: string;
  /** Monthly searches; null when unknown (scores 0 in visibility, DESIGN §3). */
  sv: number | null;
  tags: readonly string[];
}

export interface AlertTarget {
  /** The tracked domain's value, e.g. `rival.com`. */
  key: string;
  own: boolean;
}

export interface AlertInput {
  previousDate: string;
  currentDate: string;
  keywords: readonly AlertKeyword[];
  targets: readonly AlertTarget[];
  /** Every hit of the targets on the keywords at the two dates (RankStore rankTracking.hits). */
  hits: readonly RankHit[];
  ctr: CtrModel;
}

/** One fired alert with its evidence: positions, or visibility % (rounded to 0.01) for visibility-drop. */
export interface FiredAlert {
  ruleId: number;
  eventKey: string;
  keyword: string | null;
  /** The tracked domain concerned: the competitor, or null for the own domains. */
  domain: string | null;
  previousDate: string;
  currentDate: string;
  /** Positions (null: not in the top 100) or visibility %. */
  previousValue: number | null;
  currentValue: number | null;
  url: string | null;
  message: string;
}

/** A keyword out of the top 100 counts at 101, so falling out of it is a drop. */
const UNRANKED = 101;

/** Problems of a rule spec, in words a form shows; empty when valid. */
export function alertRuleProblems(spec: AlertRuleSpec): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const t = spec.threshold;
  if (!Number.isInteger(t)) out.push({ field: 'threshold', message: 'expected a whole number' });
  else if (spec.kind === 'visibility-drop' && (t < 1 || t > 100))
    out.push({ field: 'threshold', message: 'a visibility drop is 1–100 %' });
  else if (spec.kind === 'drop' && (t < 1 || t > 100))
    out.push({ field: 'threshold', message: 'a drop is 1–100 positions' });
  else if (t < 1 || t > 100) out.push({ field: 'threshold', message: 'the top N is 1–100' });
  if (spec.kind !== 'competitor-top' && spec.competitor !== null)
    out.push({ field: 'competitor', message: 'only a competitor rule names a competitor' });
  if (spec.kind === 'visibility-drop' && spec.tag !== null)
    out.push({ field: 'tag', message: 'a visibility rule covers every keyword: leave the tag empty' });
  return out;
}

interface Pair {
  before: Best | undefined;
  after: Best | undefined;
}

/** The best hit of some targets on one keyword at the two dates. */
function pair(hits: readonly RankHit[], input: AlertInput): Pair {
  const byDate = bestByDate(hits, input.currentDate, 'absolute');
  return { before: byDate.get(input.previousDate), after: byDate.get(input.currentDate) };
}

/** Visibility % of the own targets at one date: Σ sv × Σ ctr(position) / (Σ sv × ctr(1)) × 100. */
export function ownVisibility(input: AlertInput, date: string): number {
  const own = new Set(input.targets.flatMap((t, i) => (t.own ? [i] : [])));
  const sv = new Map(input.keywords.map((k) => [k.id, k.sv ?? 0]));
  const total = input.keywords.reduce((s, k) => s + (k.sv ?? 0), 0) * ctrAt(input.ctr, 1);
  if (total === 0) return 0;
  // A result matching two own targets (domain and host) counts once.
  const seen = new Set<string>();
  let score = 0;
  for (const h of input.hits) {
    if (h.date !== date || !own.has(h.target)) continue;
    const key = `${h.keywordId}:${h.position}`;
    if (seen.has(key)) continue;
    seen.add(key);
    score += (sv.get(h.keywordId) ?? 0) * ctrAt(input.ctr, h.position);
  }
  return (score / total) * 100;
}

const pos = (p: number | null) => (p === null ? 'out of the top 100' : `#${p}`);
const round2 = (v: number) => Math.round(v * 100) / 100;

/** The alerts the rules fire between the two dates, by rule then keyword order. */
export function evaluateAlertRules(rules: readonly AlertRule[], input: AlertInput): FiredAlert[] {
  const byKeyword = new Map<number, RankHit[]>();
  for (const h of input.hits) {
    const list = byKeyword.get(h.keywordId);
    if (list === undefined) byKeyword.set(h.keywordId, [h]);
    else list.push(h);
  }
  const ownHits = (id: number) => (byKeyword.get(id) ?? []).filter((h) => input.targets[h.target]?.own);
  const { previousDate, currentDate } = input;
  const base = { previousDate, currentDate };
  const fired: FiredAlert[] = [];
  for (const rule of rules) {
    const key = (rest: string) => `${rule.id}:${previousDate}:${currentDate}:${rest}`;
    if (rule.kind === 'visibility-drop') {
      const before = ownVisibility(input, previousDate);
      const after = ownVisibility(input, currentDate);
      if (before > 0 && ((before - after) / before) * 100 >= rule.threshold) {
        const drop = ((before - after) / before) * 100;
        fired.push({
          ...base,
          ruleId: rule.id,
          eventKey: key('visibility'),
          keyword: null,
          domain: null,
          previousValue: round2(before),
          currentValue: round2(after),
          url: null,
          message: `${rule.name}: visibility fell ${drop.toFixed(1)} % (${before.toFixed(2)} % → ${after.toFixed(2)} %)`,
        });
      }
      continue;
    }
    for (const k of input.keywords) {
      if (rule.tag !== null && !k.tags.includes(rule.tag)) continue;
      if (rule.kind === 'competitor-top') {
        input.targets.forEach((t, i) => {
          if (t.own || (rule.competitor !== null && rule.competitor !== t.key)) return;
          const p = pair(
            (byKeyword.get(k.id) ?? []).filter((h) => h.target === i),
            input,
          );
          const was = p.before?.position ?? UNRANKED;
          const now = p.after?.position ?? UNRANKED;
          if (was > rule.threshold && now <= rule.threshold)
            fired.push({
              ...base,
              ruleId: rule.id,
              eventKey: key(`${k.id}:${t.key}`),
              keyword: k.text,
              domain: t.key,
              previousValue: p.before?.position ?? null,
              currentValue: now,
              url: p.after?.url ?? null,
              message: `${rule.name}: ${t.key} entered the top ${rule.threshold} for "${k.text}" (${pos(p.before?.position ?? null)} → #${now})`,
            });
        });
        continue;
      }
      const p = pair(ownHits(k.id), input);
      const was = p.before?.position ?? UNRANKED;
      const now = p.after?.position ?? UNRANKED;
      const n = rule.threshold;
      const hit =
        rule.kind === 'drop'
          ? p.before !== undefined && now - was >= n
          : rule.kind === 'enter-top'
            ? was > n && now <= n
            : was <= n && now > n;
      if (!hit) continue;
      const what =
        rule.kind === 'drop'
          ? `dropped ${now - was} positions`
          : rule.kind === 'enter-top'
            ? `entered the top ${n}`
            : `left the top ${n}`;
      fired.push({
        ...base,
        ruleId: rule.id,
        eventKey: key(String(k.id)),
        keyword: k.text,
        domain: null,
        previousValue: p.before?.position ?? null,
        currentValue: p.after?.position ?? null,
        url: p.after?.url ?? p.before?.url ?? null,
        message: `${rule.name}: "${k.text}" ${what} (${pos(p.before?.position ?? null)} → ${pos(p.after?.position ?? null)})`,
      });
    }
  }
  return fired;
}
