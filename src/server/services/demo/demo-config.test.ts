// The demo's limits from the environment: defaults, values, empty as unset, and bad values named.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { loadDemoLimits } from './demo-config';

describe('demo limits', () => {
  it('defaults to 3 searches per visitor and 30 per address in 24 hours', () => {
    expect(loadDemoLimits({})).toEqual({
      searchesPerVisitor: 3,
      searchesPerAddress: 30,
      windowMs: 86_400_000,
    });
    expect(loadDemoLimits({ SIGHTLINE_DEMO_SEARCHES: ' ' }).searchesPerVisitor).toBe(3);
  });

  it('reads every variable', () => {
    expect(
      loadDemoLimits({
        SIGHTLINE_DEMO_SEARCHES: '5',
        SIGHTLINE_DEMO_SEARCHES_PER_ADDRESS: '50',
        SIGHTLINE_DEMO_WINDOW_HOURS: '1',
      }),
    ).toEqual({ searchesPerVisitor: 5, searchesPerAddress: 50, windowMs: 3_600_000 });
  });

  it('names each bad variable and why', () => {
    const bad = () => loadDemoLimits({ SIGHTLINE_DEMO_SEARCHES: '0', SIGHTLINE_DEMO_WINDOW_HOURS: '1.5' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow('SIGHTLINE_DEMO_SEARCHES: expected at least 1 search');
    expect(bad).toThrow('SIGHTLINE_DEMO_WINDOW_HOURS: expected a whole number of hours');
  });
});
