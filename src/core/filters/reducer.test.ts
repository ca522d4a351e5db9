import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PALETTE } from '../palette';
import { reduceFilters, duplicateValueMessage, notAListMessage, type FilterAction } from './reducer';
import { activeDomains, isFilterActive } from './selectors';
import { createFilterState, defaultFilters, type FilterState } from './types';

const T0 = 1_700_000_000_000;
const T1 = T0 + 1000;

/** Applies actions in order, each at T1, and returns the last state. */
function run(state: FilterState, ...actions: FilterAction[]): FilterState {
  return actions.reduce((s, a) => reduceFilters(s, a).state, state);
}

const fresh = (previewBuild = false) => createFilterState({ now: T0, previewBuild });
const addDomains = (...values: string[]): FilterAction => ({
  type: 'add',
  filter: 'domains',
  entries: values.map((value) => ({ value })),
  now: T1,
});

describe('spec §3 filter state', () => {
  it('"Filters: domains, keywordTags, keywordGroup, domainGroups, useWholeMarket (value false, active true), resultTypes, url (an object), keywords, date, isAndFilter flag (default false). The filter store also holds a timestamp and a loaded flag."', () => {
    const s = fresh();
    expect(Object.keys(s.filters).sort()).toEqual(
      [
        'date',
        'domainGroups',
        'domains',
        'keywordGroup',
        'keywordTags',
        'keywords',
        'resultTypes',
        'url',
        'useWholeMarket',
      ].sort(),
    );
    expect(s.filters.useWholeMarket).toEqual({ value: false, active: true });
    expect(s.filters.url).toEqual({ value: null, active: false });
    expect(s.isAndFilter).toBe(false);
    expect(s.timestamp).toBe(T0);
    expect(s.loaded).toBe(false);
  });

  it('"Filter entry: value, label, color, active; for domains also selected. Domain group: value (id), label, color."', () => {
    const s = run(
      fresh(),
      addDomains('a.com'),
      { type: 'add', filter: 'keywordTags', entries: [{ value: 'brand', label: 'Brand' }], now: T1 },
      { type: 'addDomainGroup', group: { value: '7', label: 'Us', members: ['a.com'] }, now: T1 },
    );
    expect(s.filters.domains[0]).toEqual({
      value: 'a.com',
      label: 'a.com',
      color: PALETTE[0],
      active: true,
      selected: true,
    });
    expect(s.filters.keywordTags[0]).toEqual({ value: 'brand', label: 'Brand', color: null, active: true });
    expect(s.filters.domainGroups[0]).toEqual({
      value: '7',
      label: 'Us',
      color: PALETTE[1],
      active: true,
      members: ['a.com'],
    });
  });

  it('"A list-valued filter is active when at least one item is active."', () => {
    let s = run(fresh(), {
      type: 'add',
      filter: 'keywordTags',
      entries: [{ value: 'a' }, { value: 'b' }],
      now: T1,
    });
    expect(isFilterActive(s.filters.keywordTags)).toBe(true);
    s = run(s, { type: 'toggleActive', filter: 'keywordTags', value: 'a', now: T1 });
    expect(isFilterActive(s.filters.keywordTags)).toBe(true);
    s = run(s, { type: 'toggleActive', filter: 'keywordTags', value: 'b', now: T1 });
    expect(isFilterActive(s.filters.keywordTags)).toBe(false);
    expect(isFilterActive([])).toBe(false);
  });

  it('"A URL filter\'s domain is the host part without scheme"', () => {
    const s = run(fresh(), { type: 'set', filter: 'url', value: 'https://WWW.a.com/shop/x?q=1', now: T1 });
    expect(s.filters.url).toEqual({
      value: { url: 'https://WWW.a.com/shop/x?q=1', domain: 'www.a.com' },
      active: true,
    });
    const cleared = run(s, { type: 'set', filter: 'url', value: null, now: T1 });
    expect(cleared.filters.url).toEqual({ value: null, active: false });
  });
});

describe('spec §4 transitions', () => {
  it('"Tag filter sets the AND flag when more than one tag is selected."', () => {
    let s = run(fresh(), { type: 'add', filter: 'keywordTags', entries: [{ value: 'a' }], now: T1 });
    expect(s.isAndFilter).toBe(false);
    s = run(s, { type: 'add', filter: 'keywordTags', entries: [{ value: 'b' }], now: T1 });
    expect(s.isAndFilter).toBe(true);
    s = run(s, { type: 'toggleActive', filter: 'keywordTags', value: 'b', now: T1 }); // one active tag left
    expect(s.isAndFilter).toBe(false);
    s = run(s, {
      type: 'set',
      filter: 'keywordTags',
      entries: [{ value: 'x' }, { value: 'y' }, { value: 'z' }],
      now: T1,
    });
    expect(s.isAndFilter).toBe(true);
    s = run(s, { type: 'clear', filter: 'keywordTags', now: T1 });
    expect(s.isAndFilter).toBe(false);
  });

  it('"Active domains are selected domains that are also active."', () => {
    let s = run(fresh(), addDomains('a.com', 'b.com', 'c.com'));
    s = run(
      s,
      { type: 'toggleActive', filter: 'domains', value: 'b.com', now: T1 },
      { type: 'toggleDomainVisibility', value: 'c.com', now: T1 },
    );
    expect(s.filters.domains.map((d) => [d.value, d.selected, d.active])).toEqual([
      ['a.com', true, true],
      ['b.com', true, false],
      ['c.com', false, true],
    ]);
    expect(activeDomains(s).map((d) => d.value)).toEqual(['a.com']);
  });

  it('"Filters: add" appends to a list filter', () => {
    const s = run(fresh(), {
      type: 'add',
      filter: 'keywords',
      entries: [{ value: 'cheap flights' }],
      now: T1,
    });
    expect(s.filters.keywords.map((k) => k.value)).toEqual(['cheap flights']);
  });

  it('"Filters: set" replaces a list filter or a single value', () => {
    let s = run(fresh(), addDomains('a.com', 'b.com'));
    s = run(s, { type: 'set', filter: 'domains', entries: [{ value: 'c.com', color: '#123456' }], now: T1 });
    expect(s.filters.domains.map((d) => [d.value, d.color])).toEqual([['c.com', '#123456']]);
    s = run(s, { type: 'set', filter: 'date', value: '2024-03-04', now: T1 });
    expect(s.filters.date).toEqual({ value: '2024-03-04', active: true });
    s = run(s, { type: 'set', filter: 'useWholeMarket', value: true, now: T1 });
    expect(s.filters.useWholeMarket).toEqual({ value: true, active: true });
  });

  it('"Filters: clear (reset to default)" one filter or all', () => {
    let s = run(
      fresh(),
      addDomains('a.com'),
      { type: 'set', filter: 'useWholeMarket', value: true, now: T1 },
      { type: 'set', filter: 'date', value: '2024-03-04', now: T1 },
    );
    s = run(s, { type: 'clear', filter: 'useWholeMarket', now: T1 });
    expect(s.filters.useWholeMarket).toEqual({ value: false, active: true });
    expect(s.filters.domains).toHaveLength(1);
    s = run(s, { type: 'clear', now: T1 });
    expect(s.filters).toEqual(defaultFilters());
  });

  it('"Filters: remove" drops the item with that value', () => {
    let s = run(fresh(), addDomains('a.com', 'b.com'));
    s = run(s, { type: 'remove', filter: 'domains', value: 'a.com', now: T1 });
    expect(s.filters.domains.map((d) => d.value)).toEqual(['b.com']);
  });

  it('"toggle activity (one item, or the whole filter if none named)"', () => {
    let s = run(fresh(), {
      type: 'add',
      filter: 'resultTypes',
      entries: [{ value: 'news' }, { value: 'video' }],
      now: T1,
    });
    s = run(s, { type: 'toggleActive', filter: 'resultTypes', value: 'news', now: T1 });
    expect(s.filters.resultTypes.map((e) => e.active)).toEqual([false, true]);
    // whole filter: some item active → all off; none active → all on
    s = run(s, { type: 'toggleActive', filter: 'resultTypes', now: T1 });
    expect(s.filters.resultTypes.map((e) => e.active)).toEqual([false, false]);
    s = run(s, { type: 'toggleActive', filter: 'resultTypes', now: T1 });
    expect(s.filters.resultTypes.map((e) => e.active)).toEqual([true, true]);
    // a single-valued filter toggles its own flag
    s = run(s, { type: 'toggleActive', filter: 'useWholeMarket', now: T1 });
    expect(s.filters.useWholeMarket).toEqual({ value: false, active: false });
  });

  it('"toggle a domain\'s visibility": leaves and re-enters the selection, visible again', () => {
    let s = run(fresh(), addDomains('a.com'), {
      type: 'toggleActive',
      filter: 'domains',
      value: 'a.com',
      now: T1,
    });
    s = run(s, { type: 'toggleDomainVisibility', value: 'a.com', now: T1 });
    expect(s.filters.domains[0]).toMatchObject({ selected: false, active: false });
    s = run(s, { type: 'toggleDomainVisibility', value: 'a.com', now: T1 });
    expect(s.filters.domains[0]).toMatchObject({ selected: true, active: true });
  });

  it('"add/remove/rename domain groups (rename removes and re-adds)"', () => {
    let s = run(
      fresh(),
      { type: 'addDomainGroup', group: { value: '1', label: 'One', members: ['a.com'] }, now: T1 },
      { type: 'addDomainGroup', group: { value: '2', label: 'Two' }, now: T1 },
      { type: 'addDomainGroup', group: { value: '3', label: 'Three' }, now: T1 },
    );
    s = run(s, { type: 'removeDomainGroup', value: '3', now: T1 });
    expect(s.filters.domainGroups.map((g) => g.value)).toEqual(['1', '2']);
    const colour = s.filters.domainGroups[0]!.color;
    s = run(s, { type: 'renameDomainGroup', value: '1', label: 'Uno', now: T1 });
    // removed and re-added: now last, same id, colour and members
    expect(s.filters.domainGroups.map((g) => [g.value, g.label])).toEqual([
      ['2', 'Two'],
      ['1', 'Uno'],
    ]);
    expect(s.filters.domainGroups[1]).toMatchObject({ color: colour, members: ['a.com'] });
  });

  it('"Every change updates the timestamp."', () => {
    const actions: FilterAction[] = [
      addDomains('a.com'),
      { type: 'set', filter: 'date', value: '2024-01-01', now: T1 },
      { type: 'clear', filter: 'date', now: T1 },
      { type: 'toggleActive', filter: 'useWholeMarket', now: T1 },
      { type: 'addDomainGroup', group: { value: '1' }, now: T1 },
      { type: 'loaded', now: T1 },
    ];
    for (const a of actions) expect(reduceFilters(fresh(), a).state.timestamp).toBe(T1);
    let s = run(fresh(), addDomains('a.com'), { type: 'addDomainGroup', group: { value: '1' }, now: T1 });
    const T2 = T1 + 1;
    for (const a of [
      { type: 'remove', filter: 'domains', value: 'a.com', now: T2 },
      { type: 'toggleDomainVisibility', value: 'a.com', now: T2 },
      { type: 'renameDomainGroup', value: '1', label: 'x', now: T2 },
      { type: 'removeDomainGroup', value: '1', now: T2 },
    ] satisfies FilterAction[]) {
      expect(reduceFilters(s, a).state.timestamp).toBe(T2);
    }
    // a refused change is no change
    s = reduceFilters(s, { ...addDomains('a.com'), now: T2 }).state;
    expect(s.timestamp).toBe(T1);
  });

  it('"Duplicate values are refused with a warning."', () => {
    const s = run(fresh(), addDomains('a.com'));
    const r = reduceFilters(s, addDomains('b.com', 'a.com', 'b.com'));
    expect(r.state.filters.domains.map((d) => d.value)).toEqual(['a.com', 'b.com']);
    expect(r.log).toEqual([
      { level: 'warn', message: duplicateValueMessage('domains', 'a.com') },
      { level: 'warn', message: duplicateValueMessage('domains', 'b.com') },
    ]);
    const g = reduceFilters(run(s, { type: 'addDomainGroup', group: { value: '1' }, now: T1 }), {
      type: 'addDomainGroup',
      group: { value: '1' },
      now: T1 + 5,
    });
    expect(g.log).toHaveLength(1);
    expect(g.state.filters.domainGroups).toHaveLength(1);
  });

  it('"A new domain takes the first palette colour not used by a selected domain or a domain group."', () => {
    let s = run(fresh(), addDomains('a.com', 'b.com', 'c.com'));
    expect(s.filters.domains.map((d) => d.color)).toEqual([PALETTE[0], PALETTE[1], PALETTE[2]]);
    // b.com leaves the selection: its colour is free again; a group takes the next free colour
    s = run(s, { type: 'toggleDomainVisibility', value: 'b.com', now: T1 });
    s = run(s, { type: 'addDomainGroup', group: { value: 'g' }, now: T1 });
    expect(s.filters.domainGroups[0]!.color).toBe(PALETTE[1]);
    s = run(s, addDomains('d.com'));
    expect(s.filters.domains[3]!.color).toBe(PALETTE[3]);
    s = run(s, { type: 'remove', filter: 'domains', value: 'a.com', now: T1 }, addDomains('e.com'));
    expect(s.filters.domains.find((d) => d.value === 'e.com')!.color).toBe(PALETTE[0]);
  });
});

describe('spec §5 validation', () => {
  it('"A filter value is added only to array-type filters and only if no item with the same value exists."', () => {
    const s0 = fresh();
    for (const filter of ['date', 'url', 'useWholeMarket'] as const) {
      const add = reduceFilters(s0, { type: 'add', filter, entries: [{ value: 'x' }], now: T1 });
      expect(add.state).toBe(s0);
      expect(add.log).toEqual([{ level: 'error', message: notAListMessage(filter, 'add to') }]);
      const rm = reduceFilters(s0, { type: 'remove', filter, value: 'x', now: T1 });
      expect(rm.log).toEqual([{ level: 'error', message: notAListMessage(filter, 'remove from') }]);
      expect(rm.state).toBe(s0);
    }
  });

  it('spec §8 "error for adding to or removing from a non-array filter" is an error, not a throw', () => {
    expect(() => reduceFilters(fresh(), { type: 'add', filter: 'date', entries: [], now: T1 })).not.toThrow();
  });
});

describe('spec §9 preview build', () => {
  it('"Preview build: at most 20 domains selected; a further domain is added inactive and unselected."', () => {
    const values = Array.from({ length: 21 }, (_, i) => `d${i}.com`);
    const s = run(fresh(true), addDomains(...values));
    expect(s.filters.domains.filter((d) => d.selected)).toHaveLength(20);
    expect(s.filters.domains[20]).toMatchObject({ value: 'd20.com', selected: false, active: false });
    // selecting it is refused while 20 are selected
    const r = reduceFilters(s, { type: 'toggleDomainVisibility', value: 'd20.com', now: T1 + 1 });
    expect(r.limitReached).toBe(true);
    expect(r.state).toBe(s);
    // after one leaves, it may join
    const freed = run(
      s,
      { type: 'toggleDomainVisibility', value: 'd0.com', now: T1 },
      { type: 'toggleDomainVisibility', value: 'd20.com', now: T1 },
    );
    expect(freed.filters.domains[20]).toMatchObject({ selected: true, active: true });
    // a normal build has no limit
    expect(run(fresh(false), addDomains(...values)).filters.domains.every((d) => d.selected)).toBe(true);
  });

  it('never more than 20 selected domains in a preview build, whatever the actions', () => {
    const value = fc.integer({ min: 0, max: 30 }).map((i) => `d${i}.com`);
    const action: fc.Arbitrary<FilterAction> = fc.oneof(
      value.map((v) => addDomains(v)),
      value.map((v): FilterAction => ({ type: 'toggleDomainVisibility', value: v, now: T1 })),
      value.map((v): FilterAction => ({ type: 'remove', filter: 'domains', value: v, now: T1 })),
      fc.array(value, { maxLength: 25 }).map((vs): FilterAction => ({
        type: 'set',
        filter: 'domains',
        entries: vs.map((v) => ({ value: v })),
        now: T1,
      })),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        const s = run(fresh(true), ...actions);
        expect(s.filters.domains.filter((d) => d.selected).length).toBeLessThanOrEqual(20);
        expect(new Set(s.filters.domains.map((d) => d.value)).size).toBe(s.filters.domains.length);
      }),
    );
  });
});
