import { describe, expect, it } from 'vitest';
import { PA_DEFAULT_SELECTION, paScreenPath, paSelectionFromSearch } from './use-page-analysis';

describe('Page Analysis links', () => {
  it('carries a URL, its domain, the dates and the position kind into the screen and back', () => {
    const path = paScreenPath(
      7,
      { startDate: '2026-06-01', endDate: '2026-11-23', positionKind: 'classic', focus: 'wanderlane.co.uk' },
      'https://www.wanderlane.co.uk/deals/a?b=c&d',
    );
    const [pathname, query] = path.split('?');
    expect(pathname).toBe('/7/rankings/page-analysis');
    expect(paSelectionFromSearch(new URLSearchParams(query))).toEqual({
      selection: {
        ...PA_DEFAULT_SELECTION,
        startDate: '2026-06-01',
        endDate: '2026-11-23',
        positionKind: 'classic',
        focus: 'wanderlane.co.uk',
      },
      url: 'https://www.wanderlane.co.uk/deals/a?b=c&d',
    });
  });

  it('falls back to the defaults for what an address lacks or gets wrong', () => {
    expect(paSelectionFromSearch(new URLSearchParams('startDate=June&positionKind=odd'))).toEqual({
      selection: PA_DEFAULT_SELECTION,
      url: null,
    });
  });
});
