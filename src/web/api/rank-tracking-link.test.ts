// The Rank Tracking screen's address: the selection written by rtQueryString reads back the same, and an
// edited address keeps what parses and drops the rest to its default.
import { describe, expect, it } from 'vitest';
import {
  RT_DEFAULT_SELECTION,
  rtQueryString,
  rtSelectionFromSearch,
  type RtSelection,
} from './use-rank-tracking';

describe('Rank Tracking links', () => {
  it('reads back every part of a selection it wrote', () => {
    const chosen: RtSelection = {
      startDate: '2026-06-01',
      endDate: '2026-11-23',
      positionKind: 'classic',
      focus: 'wanderlane.co.uk',
      tags: ['brand', 'city breaks'],
      tagsMatch: 'all',
      groups: ['Europe'],
      q: 'rome',
      minPosition: 1,
      maxPosition: 20,
      movement: 'down',
      moveBy: 5,
      feature: 'video',
      featureOwned: true,
      cannibalised: true,
      sortField: 'best',
      sortDirection: 'asc',
    };
    expect(rtSelectionFromSearch(new URLSearchParams(rtQueryString(chosen)))).toEqual(chosen);
    const lost = { ...RT_DEFAULT_SELECTION, movement: 'lost' as const };
    expect(rtSelectionFromSearch(new URLSearchParams(rtQueryString(lost)))).toEqual(lost);
  });

  it('opens on the defaults without an address, and drops only the parameters that do not parse', () => {
    expect(rtSelectionFromSearch(new URLSearchParams(''))).toEqual(RT_DEFAULT_SELECTION);
    const edited = new URLSearchParams(
      'sortField=rank&maxPosition=500&tags=brand&startDate=June&view=alerts',
    );
    expect(rtSelectionFromSearch(edited)).toEqual({ ...RT_DEFAULT_SELECTION, tags: ['brand'] });
    // The table's own page is not part of the selection.
    expect(rtSelectionFromSearch(new URLSearchParams('page=3&pageSize=50&q=rome'))).toEqual({
      ...RT_DEFAULT_SELECTION,
      q: 'rome',
    });
  });
});
