// Visibility share by keyword tag and by keyword group (the screen's visibility-share widgets): the keyword
// set split by label, and in each part every target's VS and share as in DESIGN §3. A keyword with several
// labels counts in each of them.
import { keywordsOf, type RankData } from './rank-data';
import type { Target } from './targets';
import { visibilityPoint, type ShareOptions } from './visibility';

export interface LabelShare {
  label: string;
  /** Keywords of the set carrying the label. */
  keywords: number;
  byTarget: Map<string, { visibilityScore: number; share: number }>;
}

/** Labels in ascending order; `kind` picks the keyword's tags or groups. */
export function visibilityByLabel(
  data: RankData,
  targets: readonly Target[],
  keywordIds: readonly number[],
  kind: 'tags' | 'groups',
  d: string,
  opts: ShareOptions = {},
): LabelShare[] {
  const byLabel = new Map<string, number[]>();
  for (const k of keywordsOf(data, keywordIds)) {
    for (const label of new Set(k[kind] ?? [])) {
      const ids = byLabel.get(label) ?? [];
      ids.push(k.id);
      byLabel.set(label, ids);
    }
  }
  return [...byLabel.keys()].sort().map((label) => {
    const ids = byLabel.get(label)!;
    const p = visibilityPoint(data, targets, ids, d, opts);
    return {
      label,
      keywords: ids.length,
      byTarget: new Map(
        [...p.byTarget].map(([key, v]) => [key, { visibilityScore: v.visibilityScore, share: v.share }]),
      ),
    };
  });
}
