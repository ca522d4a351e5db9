import { describe, expect, it } from 'vitest';
import { parseHostFilter, registrableDomain } from '../host-match';
import { normaliseKeyword } from '../keyword';
import { POOL_SLOTS } from './hosts';
import { VERTICALS, keywordSpace } from './keywords';
import { PALETTE } from './palette';
import { buildDemoPlan, demoSerpPlan, keywordLabels, type DemoPlan } from './plan';
import { dropWeek } from './stories';

const END = '2025-06-30';
const plan = buildDemoPlan({ seed: 7, endDate: END });

function volumes(p: DemoPlan, market = 0): (number | null)[] {
  return p.markets[market]!.keywords.sv;
}

describe('buildDemoPlan', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const again = buildDemoPlan({ seed: 7, endDate: END, keywordsPerMarket: 2000 });
    const same = buildDemoPlan({ seed: 7, endDate: END, keywordsPerMarket: 2000 });
    const other = buildDemoPlan({ seed: 8, endDate: END, keywordsPerMarket: 2000 });
    expect(same.markets[0]!.keywords).toEqual(again.markets[0]!.keywords);
    expect(same.hosts).toEqual(again.hosts);
    expect(same.pools).toEqual(again.pools);
    expect(same.stories).toEqual(again.stories);
    expect(other.markets[0]!.keywords.texts).not.toEqual(again.markets[0]!.keywords.texts);
    expect(other.hosts.map((h) => h.host)).not.toEqual(again.hosts.map((h) => h.host));
  });

  it('has two English markets of 20,000 distinct, normalised keywords by default', () => {
    expect(plan.markets.map((m) => m.market)).toEqual([
      {
        code: 'gb-en',
        country: 'gb',
        language: 'en',
        device: 'desktop',
        engine: 'google',
        name: 'United Kingdom (English)',
      },
      {
        code: 'us-en',
        country: 'us',
        language: 'en',
        device: 'desktop',
        engine: 'google',
        name: 'United States (English)',
      },
    ]);
    for (const m of plan.markets) {
      const texts = m.keywords.texts;
      expect(texts).toHaveLength(20_000);
      expect(new Set(texts).size).toBe(20_000);
      expect(texts.every((t) => t === normaliseKeyword(t) && !/[{}]/u.test(t))).toBe(true);
      const perVertical = VERTICALS.map((_, v) => m.keywords.vertical.filter((x) => x === v).length);
      expect(Math.min(...perVertical)).toBeGreaterThan(3000);
    }
    expect(plan.markets[1]!.keywords.texts.some((t) => t.includes('vacation'))).toBe(true);
    expect(plan.markets[0]!.keywords.texts.some((t) => t.includes('holidays'))).toBe(true);
  });

  it('gives Zipf-like volumes: a few head terms over 100k, a long tail of 10–50, ~3 % unknown', () => {
    for (let m = 0; m < 2; m++) {
      const sv = volumes(plan, m);
      const known = sv.filter((v): v is number => v !== null);
      const unknown = (sv.length - known.length) / sv.length;
      expect(unknown).toBeGreaterThan(0.02);
      expect(unknown).toBeLessThan(0.04);
      const head = known.filter((v) => v >= 100_000).length;
      expect(head).toBeGreaterThanOrEqual(1);
      expect(head).toBeLessThanOrEqual(10);
      expect(known.filter((v) => v >= 10 && v <= 50).length / known.length).toBeGreaterThan(0.5);
      expect(Math.min(...known)).toBe(10);
    }
  });

  it('labels keywords with vertical and intent tags and a keyword group', () => {
    const k = plan.markets[0]!.keywords;
    for (let i = 0; i < 200; i++) {
      const { tags, groups } = keywordLabels(k, i);
      expect(tags).toContain(VERTICALS[k.vertical[i]!]!.tag);
      expect(tags.length).toBeGreaterThanOrEqual(2);
      expect(groups).toHaveLength(1);
    }
  });

  it('has ≥ 5,000 plausible hosts: www, bare and subdomain hosts, generic big sites', () => {
    expect(plan.hosts.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(plan.hosts.map((h) => h.host)).size).toBe(plan.hosts.length);
    for (const h of plan.hosts) {
      expect(h.domain).toBe(registrableDomain(h.host));
      expect(parseHostFilter(h.host)).not.toBeNull();
      expect(h.pages).toBeGreaterThanOrEqual(3);
    }
    const www = plan.hosts.filter((h) => h.host.startsWith('www.')).length;
    const bare = plan.hosts.filter((h) => h.host === h.domain).length;
    const sub = plan.hosts.length - www - bare;
    expect(www / plan.hosts.length).toBeGreaterThan(0.5);
    expect(bare).toBeGreaterThan(500);
    expect(sub).toBeGreaterThan(300);
    expect(plan.hosts.some((h) => h.host === 'en.openpedia.org')).toBe(true);
    expect(plan.hosts[plan.videoHost]!.kind).toBe('video');
  });

  it('draws hosts from pools in which no host holds a tenth of the top-10 slots, stories and video excluded', () => {
    const excluded = new Set(
      plan.hosts.flatMap((h, i) => (h.kind === 'story' || h.kind === 'video' ? [i] : [])),
    );
    for (const pool of plan.pools) {
      expect(pool.hostBySlot).toHaveLength(POOL_SLOTS);
      const counts = new Map<number, number>();
      for (const h of pool.hostBySlot) counts.set(h, (counts.get(h) ?? 0) + 1);
      for (const [h, c] of counts) {
        expect(excluded.has(h)).toBe(false);
        if (pool.tier === 0) expect(c).toBeLessThan(POOL_SLOTS / 10);
      }
      expect(counts.size).toBeGreaterThan(500);
    }
  });

  it('sets up three projects with campaigns of a few thousand keywords, 6–12 tracked domains and groups', () => {
    expect(plan.projects.map((p) => p.spec.key)).toEqual(['A', 'B', 'C']);
    for (const p of plan.projects) {
      const market = plan.markets.find((m) => m.market.code === p.spec.market)!;
      expect(p.campaignKeywords.length).toBeGreaterThanOrEqual(2000);
      expect(p.campaignKeywords.length).toBeLessThanOrEqual(5000);
      expect([...p.campaignKeywords].every((k) => market.keywords.vertical[k] === p.spec.vertical)).toBe(
        true,
      );
      expect(p.tracked.length).toBeGreaterThanOrEqual(6);
      expect(p.tracked.length).toBeLessThanOrEqual(12);
      expect(p.tracked.every((t) => parseHostFilter(t.item.value)?.value === t.item.value)).toBe(true);
      expect(p.groups.length).toBeGreaterThanOrEqual(1);
      const values = new Set(p.tracked.map((t) => t.item.value));
      expect(p.groups.every((g) => g.item.members.every((m) => values.has(m)))).toBe(true);
      const colours = [...p.tracked, ...p.groups].map((x) => x.color);
      expect(new Set(colours).size).toBe(colours.length);
      expect(colours.every((c) => PALETTE.includes(c))).toBe(true);
    }
  });

  it('gives each story its trajectory over 26 weekly Mondays ending at endDate', () => {
    expect(plan.dates).toHaveLength(26);
    expect(plan.dates.at(-1)).toBe(END);
    expect(plan.dates[0]).toBe('2025-01-06');
    const own = (key: string) => plan.stories.find((s) => s.project === key)!.params;
    const rising = own('A').track.map((p) => p.target);
    expect(rising.every((t, i) => i === 0 || t < rising[i - 1]!)).toBe(true);
    const drop = own('B').track;
    expect(dropWeek(26)).toBe(17);
    expect(drop[17]!.target).toBeGreaterThan(1.5 * drop[16]!.target);
    expect(new Set(drop.slice(0, 17).map((p) => p.target)).size).toBe(1);
    expect(new Set(own('C').track.map((p) => p.target)).size).toBe(1);
  });

  it('limits markets on request and refuses bad options', () => {
    const one = buildDemoPlan({ seed: 1, endDate: END, keywordsPerMarket: 500, markets: ['us-en'] });
    expect(one.markets.map((m) => m.market.code)).toEqual(['us-en']);
    expect(one.projects.map((p) => p.spec.key)).toEqual(['B']);
    expect(() => buildDemoPlan({ seed: 1, endDate: '2025-07-01' })).toThrow(/Monday/);
    expect(() => buildDemoPlan({ seed: 1, endDate: END, keywordsPerMarket: 10 })).toThrow(RangeError);
    expect(() => buildDemoPlan({ seed: 1, endDate: END, markets: ['de-de'] })).toThrow(RangeError);
    const capacity = keywordSpace('gb').reduce((a, b) => a + b, 0);
    expect(() => buildDemoPlan({ seed: 1, endDate: END, keywordsPerMarket: capacity })).toThrow(/at most/);
  });

  it('makes the SERP plan from keyword ids', () => {
    const small = buildDemoPlan({ seed: 3, endDate: END, keywordsPerMarket: 300, weeks: 4 });
    const ids = new Map(
      small.markets.map((m, i) => [
        m.market.code,
        Int32Array.from(m.keywords.texts, (_, j) => i * 1000 + j + 1),
      ]),
    );
    const serp = demoSerpPlan(small, ids);
    expect(serp.markets.map((m) => m.keywordIds[0])).toEqual([1, 1001]);
    expect(serp.pools).toHaveLength(2 * 4 * 2);
    expect(serp.stories.every((s) => s.track.length === 4)).toBe(true);
    expect(() => demoSerpPlan(small, new Map())).toThrow(/keyword ids/);
  });
});
