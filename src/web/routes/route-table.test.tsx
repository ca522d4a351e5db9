import { describe, expect, it } from 'vitest';
import { areaOfPage, recogniseScreen } from '@core/navigation';
import { REGISTERED_ROUTES } from '../app/built-modules';
import { hasScreen } from '../app/screens';
import { buildPath, localisePath, matchRoute } from './match-route';
import { routeByName, ROUTES } from './route-table';
import { routingParams } from './routing-params';

const name = (path: string, routes = ROUTES) => matchRoute(path, routes)?.route.name ?? null;

describe('route table (spec §2)', () => {
  it('holds every route of the specification with its module', () => {
    const expected: Record<string, string> = {
      'project-visibility': 'project-visibility',
      'campaign-visibility': 'campaign-visibility',
      'visibility-explorer': 'visibility-explorer',
      'one-to-one': 'one-to-one',
      'one-to-one-data': 'one-to-one',
      'one-to-one-keyword-csv': 'one-to-one',
      'one-to-one-shared': 'one-to-one',
      'one-to-one-data-shared': 'one-to-one',
      'one-to-one-keyword-csv-shared': 'one-to-one',
      'market-share': 'market-share',
      'market-share-host': 'market-share',
      'market-share-empty': 'market-share',
      'market-share-redirect': 'market-share',
      'market-explorer': 'market-explorer',
      'market-explorer-data': 'market-explorer',
      'market-explorer-csv': 'market-explorer',
      recommendation: 'recommendation',
      'recommendation-data': 'recommendation',
      'recommendation-csv': 'recommendation',
      'existing-content-cluster': 'content-clusters',
      'existing-content-cluster-data': 'content-clusters',
      'existing-content-cluster-csv': 'content-clusters',
      'new-content-cluster': 'content-clusters',
      'new-content-cluster-data': 'content-clusters',
      'new-content-cluster-csv': 'content-clusters',
      dashboard: 'dashboard',
      folder: 'report-creation',
      campaigns: 'campaigns',
      'campaign-new': 'campaigns',
      'admin-users': 'admin',
      'admin-call-requests': 'admin',
      'admin-audit': 'admin',
      demo: 'demo',
    };
    for (const [route, module] of Object.entries(expected))
      expect(routeByName(route).module, route).toBe(module);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  it('matches the spec addresses, a host with slashes included', () => {
    expect(name('/ldx-4/competitive-analysis/project-visibility')).toBe('project-visibility');
    expect(name('/12/competitive-analysis/cv')).toBe('campaign-visibility');
    const ve = matchRoute('/www.example.com/blog/gb-en/competitive-analysis/ve', ROUTES);
    expect(ve?.route.name).toBe('visibility-explorer');
    expect(ve?.params).toEqual({ hosts: 'www.example.com/blog', market: 'gb-en' });
    expect(name('/example.com/year/gb-en/1-2-1')).toBe('one-to-one');
    expect(name('/example.com/gb-en/1-2-1/keyword-csv')).toBe('one-to-one-keyword-csv');
    // A share token follows the comparison's address; the exports take it the same way.
    expect(matchRoute('/a.com,b.com/year/gb-en/1-2-1/v1.7.1767225600.mac', ROUTES)).toMatchObject({
      route: { name: 'one-to-one-shared' },
      params: { hosts: 'a.com,b.com', time: 'year', market: 'gb-en', token: 'v1.7.1767225600.mac' },
    });
    expect(matchRoute('/a.com,b.com/year/gb-en/1-2-1/de_DE', ROUTES)).toMatchObject({
      route: { name: 'one-to-one' },
      locale: 'de_DE',
    });
    expect(name('/a.com,b.com/gb-en/1-2-1/v1.7.1.mac')).toBe('one-to-one-data-shared');
    expect(name('/a.com,b.com/gb-en/1-2-1/keyword-csv/v1.7.1.mac')).toBe('one-to-one-keyword-csv-shared');
    expect(name('/marketshare/overview/gb-en/year')).toBe('market-share');
    expect(name('/example.com/marketshare/overview/gb-en/year')).toBe('market-share-host');
    expect(name('/marketshare/overview')).toBe('market-share-empty');
    expect(name('/marketshare')).toBe('market-share-redirect');
    expect(name('/market-explorer/existing/url/keywords/csv')).toBe('market-explorer-csv');
    expect(name('/recommendation/data/urls')).toBe('recommendation-data');
    expect(name('/marketshare/new/cluster/data')).toBe('new-content-cluster-data');
  });
});

describe('locale suffix', () => {
  it('takes an optional trailing locale on every route, en_GB by default', () => {
    expect(matchRoute('/dashboard', ROUTES)).toMatchObject({ locale: 'en_GB', localeInPath: false });
    expect(matchRoute('/dashboard/de_DE', ROUTES)).toMatchObject({
      route: { name: 'dashboard' },
      locale: 'de_DE',
      localeInPath: true,
    });
    expect(matchRoute('/campaigns/12/fr_FR', ROUTES)).toMatchObject({
      route: { name: 'campaign-detail' },
      params: { campaignId: '12' },
      locale: 'fr_FR',
    });
    expect(matchRoute('/de_DE', ROUTES)).toMatchObject({ route: { name: 'home' }, locale: 'de_DE' });
    expect(matchRoute('/www.example.com/blog/gb-en/competitive-analysis/ve/en_US', ROUTES)).toMatchObject({
      params: { hosts: 'www.example.com/blog', market: 'gb-en' },
      locale: 'en_US',
    });
  });

  it('reads a locale-shaped segment as the locale, and anything else as a parameter', () => {
    expect(matchRoute('/campaigns/de_DE', ROUTES)).toMatchObject({
      route: { name: 'campaigns' },
      locale: 'de_DE',
    });
    expect(matchRoute('/campaigns/de-DE', ROUTES)).toMatchObject({
      route: { name: 'campaign-detail' },
      params: { campaignId: 'de-DE' },
    });
    expect(matchRoute('/dashboard/DE_de', ROUTES)).toBeNull();
  });

  it('builds localised addresses', () => {
    expect(localisePath('/campaigns', 'en_GB')).toBe('/campaigns');
    expect(localisePath('/campaigns', 'de_DE')).toBe('/campaigns/de_DE');
    expect(localisePath('/', 'de_DE')).toBe('/de_DE');
    expect(
      buildPath(routeByName('visibility-explorer'), { hosts: 'example.com/a b', market: 'gb-en' }, 'de_DE'),
    ).toBe('/example.com/a%20b/gb-en/competitive-analysis/ve/de_DE');
    expect(() => buildPath(routeByName('campaign-detail'))).toThrow(/campaignId/);
  });
});

describe('registered routes', () => {
  it('registers only built modules; other addresses are unknown', () => {
    expect(name('/dashboard', REGISTERED_ROUTES)).toBe('dashboard');
    expect(name('/folder/de_DE', REGISTERED_ROUTES)).toBe('folder');
    expect(name('/admin/users', REGISTERED_ROUTES)).toBe('admin-users');
    expect(name('/login', REGISTERED_ROUTES)).toBe('login');
    expect(name('/invite/abc', REGISTERED_ROUTES)).toBe('invitation');
    expect(name('/tasks', REGISTERED_ROUTES)).toBe('tasks');
    expect(name('/content360', REGISTERED_ROUTES)).toBeNull();
    expect(name('/generated', REGISTERED_ROUTES)).toBeNull();
    expect(name('/12/competitive-analysis/cv', REGISTERED_ROUTES)).toBe('campaign-visibility');
    expect(name('/ldx-4/competitive-analysis/project-visibility', REGISTERED_ROUTES)).toBe(
      'project-visibility',
    );
    expect(name('/marketshare', REGISTERED_ROUTES)).toBe('market-share-redirect');
  });

  it("registers the explorer's search page, with no host, beside the host's page", () => {
    expect(name('/competitive-analysis/ve', REGISTERED_ROUTES)).toBe('visibility-explorer-start');
    expect(name('/competitive-analysis/ve/de_DE', REGISTERED_ROUTES)).toBe('visibility-explorer-start');
    expect(name('/a.com/gb-en/competitive-analysis/ve', REGISTERED_ROUTES)).toBe('visibility-explorer');
    expect(routeByName('visibility-explorer-start')).toMatchObject({
      requires: 'ROLE_VE',
      navItem: 'visibility-explorer',
    });
    const p = routingParams(
      matchRoute('/competitive-analysis/ve', ROUTES),
      new URLSearchParams('market=us-en'),
    );
    expect(p).toMatchObject({ host: null, market: 'us-en' });
  });

  it('has a screen for every registered screen route', () => {
    for (const r of REGISTERED_ROUTES.filter((r) => r.kind === 'screen' && r.name !== 'home'))
      expect(hasScreen(r.name), r.name).toBe(true);
  });
});

describe('routing parameters (spec §2)', () => {
  it('defaults time to year and uses the first of comma-separated hosts', () => {
    const m = matchRoute('/market-explorer/existing/url/keywords', ROUTES);
    const p = routingParams(m, new URLSearchParams('host=a.com,b.com&market=gb-en&time='));
    expect(p).toMatchObject({ hosts: ['a.com', 'b.com'], host: 'a.com', market: 'gb-en', time: 'year' });
  });

  it('gives the empty market-share variant null market and time', () => {
    const p = routingParams(matchRoute('/marketshare/overview', ROUTES), new URLSearchParams());
    expect(p.market).toBeNull();
    expect(p.time).toBeNull();
  });

  it('reads path parameters before the query string', () => {
    const m = matchRoute('/a.com,b.com/year/us-en/1-2-1', ROUTES);
    const p = routingParams(
      m,
      new URLSearchParams('market=de-de&rootDomain=a.com&userId=9&userEmail=x%40y.z'),
    );
    expect(p).toMatchObject({
      host: 'a.com',
      time: 'year',
      market: 'us-en',
      rootDomain: 'a.com',
      userId: '9',
      userEmail: 'x@y.z',
    });
    expect(routingParams(matchRoute('/campaigns/5', ROUTES), new URLSearchParams()).campaignId).toBe('5');
  });
});

describe('screen recognition and page areas over the route table (spec §2)', () => {
  const sample: Record<string, string> = {
    hosts: 'www.example.com/blog',
    market: 'gb-en',
    time: 'year',
    campaignId: '12',
    projectId: 'ldx-3',
    project: '3',
    token: 'abc',
  };
  const paths = ROUTES.filter((r) => r.kind !== 'redirect').map((r) => [r, buildPath(r, sample)] as const);

  it('recognises exactly the explorer and project-visibility addresses, with or without a locale', () => {
    for (const [route, path] of paths) {
      const expected =
        route.name === 'visibility-explorer' || route.name === 'project-visibility'
          ? route.name
          : route.name === 'visibility-explorer-start'
            ? 'visibility-explorer'
            : null;
      expect(recogniseScreen(path), path).toBe(expected);
      expect(recogniseScreen(localisePath(path, 'de_DE')), path).toBe(expected);
    }
  });

  it('maps only the three visibility homepages to an area, the area of their module', () => {
    for (const [route] of paths) {
      const isHome = ['project-visibility', 'campaign-visibility', 'visibility-explorer'].includes(
        route.name,
      );
      expect(areaOfPage(route.name), route.name).toBe(isHome ? route.module : null);
    }
  });

  it('serves the public demo without a session, and the call requests to administrators', () => {
    expect(routeByName('demo')).toMatchObject({ path: '/demo', kind: 'public' });
    expect(name('/demo', REGISTERED_ROUTES)).toBe('demo');
    expect(routeByName('admin-call-requests')).toMatchObject({
      requires: 'ROLE_ADMIN',
      navItem: 'call-requests',
    });
    expect(hasScreen('admin-call-requests')).toBe(true);
  });

  it('opens the campaign set-up wizard (ROLE_CV) before a campaign id, and the audit log to administrators', () => {
    expect(name('/campaigns/new', REGISTERED_ROUTES)).toBe('campaign-new');
    expect(name('/campaigns/12', REGISTERED_ROUTES)).toBe('campaign-detail');
    expect(routeByName('campaign-new')).toMatchObject({ requires: 'ROLE_CV', navItem: 'campaigns' });
    expect(routeByName('admin-audit')).toMatchObject({ requires: 'ROLE_ADMIN', navItem: 'audit' });
    expect(hasScreen('campaign-new') && hasScreen('admin-audit')).toBe(true);
  });

  it('registers the one-to-one screen (ROLE_MS_ALL) and its share-link page without a session', () => {
    expect(routeByName('one-to-one').requires).toBe('ROLE_MS_ALL');
    expect(name('/a.com,b.com/year/gb-en/1-2-1', REGISTERED_ROUTES)).toBe('one-to-one');
    expect(routeByName('one-to-one-shared')).toMatchObject({ kind: 'public', module: 'one-to-one' });
    expect(name('/a.com,b.com/month/gb-en/1-2-1/v1.7.1.mac/de_DE', REGISTERED_ROUTES)).toBe(
      'one-to-one-shared',
    );
    expect(hasScreen('one-to-one-shared')).toBe(true);
    // The exports are the server's: the web app never matches them.
    expect(name('/a.com,b.com/gb-en/1-2-1/keyword-csv', REGISTERED_ROUTES)).toBeNull();
  });
});
