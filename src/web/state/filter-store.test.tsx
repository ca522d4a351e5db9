import '../test/dom-setup';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useFilterStore } from './filter-store';

beforeEach(() => useFilterStore.getState().reset());

describe('filter store', () => {
  it('adds domains with palette colours and moves the timestamp on every change', async () => {
    const before = useFilterStore.getState().timestamp;
    await new Promise((r) => setTimeout(r, 2));
    useFilterStore.getState().dispatch({ type: 'add', filter: 'domains', entries: [{ value: 'a.com' }] });
    const s = useFilterStore.getState();
    expect(s.filters.domains.map((d) => d.value)).toEqual(['a.com']);
    expect(s.filters.domains[0]?.color).toMatch(/^#/);
    expect(s.timestamp).toBeGreaterThan(before);
  });

  it('refuses a duplicate value with a console warning and leaves the state as it was', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = useFilterStore.getState();
    store.dispatch({ type: 'add', filter: 'keywordTags', entries: [{ value: 'brand' }] });
    store.dispatch({ type: 'add', filter: 'keywordTags', entries: [{ value: 'brand' }] });
    expect(useFilterStore.getState().filters.keywordTags).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('sets the AND flag when more than one tag is active', () => {
    const store = useFilterStore.getState();
    store.dispatch({ type: 'add', filter: 'keywordTags', entries: [{ value: 'a' }, { value: 'b' }] });
    expect(useFilterStore.getState().isAndFilter).toBe(true);
  });

  it('caps selected domains at 20 in a preview build and reports the limit when one more is shown', () => {
    useFilterStore.getState().reset(true);
    const entries = Array.from({ length: 21 }, (_, i) => ({ value: `d${i}.com` }));
    useFilterStore.getState().dispatch({ type: 'add', filter: 'domains', entries });
    expect(useFilterStore.getState().filters.domains.filter((d) => d.selected)).toHaveLength(20);
    expect(useFilterStore.getState().limitReached).toBe(false);
    useFilterStore.getState().dispatch({ type: 'toggleDomainVisibility', value: 'd20.com' });
    const s = useFilterStore.getState();
    expect(s.filters.domains.filter((d) => d.selected)).toHaveLength(20);
    expect(s.limitReached).toBe(true);
  });
});
