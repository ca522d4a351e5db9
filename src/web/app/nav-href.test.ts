// Sidebar addresses: route names, path templates filled from the current selection, and the explorer's
// search page when no host is known, so that Visibility → Visibility Explorer is never a dead item.
import { describe, expect, it } from 'vitest';
import { NAVIGATION } from '@core/navigation';
import { navItemHint, navItemHref } from './nav-href';

const item = (id: string) => NAVIGATION.flatMap((s) => s.items).find((i) => i.id === id)!;
const none = { projectId: null, market: null, host: null, campaignId: null };

describe('sidebar addresses', () => {
  it('turns a route name into its address, with the locale', () => {
    expect(navItemHref(item('campaigns'), none, 'en_GB')).toBe('/campaigns');
    expect(navItemHref(item('campaigns'), none, 'de_DE')).toBe('/campaigns/de_DE');
  });

  it('fills a path template from the selection, or gives no address while a value is missing', () => {
    const ctx = { ...none, projectId: 4, campaignId: '12' };
    expect(navItemHref(item('project-visibility'), ctx, 'en_GB')).toBe(
      '/ldx-4/competitive-analysis/project-visibility',
    );
    expect(navItemHref(item('campaign-visibility'), ctx, 'en_GB')).toBe('/12/competitive-analysis/cv');
    expect(navItemHref(item('project-visibility'), none, 'en_GB')).toBeNull();
    expect(navItemHref(item('campaign-visibility'), none, 'en_GB')).toBeNull();
  });

  it('opens the explorer on the host and market when both are known, the host with its path', () => {
    const ctx = { ...none, projectId: 2, market: 'us-en', host: 'www.example.com/blog' };
    expect(navItemHref(item('visibility-explorer'), ctx, 'fr_FR')).toBe(
      '/www.example.com%2Fblog/us-en/competitive-analysis/ve/fr_FR',
    );
  });

  it('opens the explorer search page, in the market when one is chosen, when no host is known', () => {
    expect(
      navItemHref(item('visibility-explorer'), { ...none, projectId: 2, market: 'us-en' }, 'en_GB'),
    ).toBe('/competitive-analysis/ve?market=us-en');
    expect(navItemHref(item('visibility-explorer'), none, 'de_DE')).toBe('/competitive-analysis/ve/de_DE');
  });
});

describe('hint of an item without an address', () => {
  it('names what is missing: a campaign for campaign screens, a project for project screens', () => {
    expect(navItemHint(item('campaign-visibility'), none)).toBe('Choose a campaign first');
    expect(navItemHint(item('project-visibility'), none)).toBe('Choose a project first');
  });
});
