import '../test/dom-setup';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useAuthStore, NO_PERMISSIONS } from './auth-store';
import { useDateRangeStore } from './date-range-store';
import { useMarketStore } from './market-store';
import { useNavigationStore } from './navigation-store';
import { useProjectStore } from './project-store';
import { DEFAULT_TEMPLATE, useTemplateStore } from './template-store';
import { useUserStore } from './user-store';

const initial = {
  nav: useNavigationStore.getState(),
  market: useMarketStore.getState(),
  template: useTemplateStore.getState(),
  project: useProjectStore.getState(),
  auth: useAuthStore.getState(),
  user: useUserStore.getState(),
};

beforeEach(() => {
  useNavigationStore.setState(initial.nav, true);
  useMarketStore.setState(initial.market, true);
  useTemplateStore.setState(initial.template, true);
  useProjectStore.setState(initial.project, true);
  useAuthStore.setState(initial.auth, true);
  useUserStore.setState(initial.user, true);
});

describe('navigation store', () => {
  it('starts at section visibility, sub-section Visibility Explorer', () => {
    expect(useNavigationStore.getState()).toMatchObject({
      section: 'visibility',
      subSection: 'visibility-explorer',
      breadcrumb: [],
    });
  });

  it('sets section, sub-section and breadcrumb', () => {
    const s = useNavigationStore.getState();
    s.setSection('reporting');
    s.setSubSection('folder');
    expect(useNavigationStore.getState()).toMatchObject({ section: 'reporting', subSection: 'folder' });
    s.setNavigation('campaigns', 'campaigns');
    s.setBreadcrumb([{ label: 'Campaigns', href: '/campaigns' }, { label: 'UK retail' }]);
    expect(useNavigationStore.getState()).toMatchObject({
      section: 'campaigns',
      subSection: 'campaigns',
      breadcrumb: [{ label: 'Campaigns', href: '/campaigns' }, { label: 'UK retail' }],
    });
  });

  it('re-renders a subscriber on change', () => {
    function Title() {
      const crumbs = useNavigationStore((s) => s.breadcrumb);
      return <p>{crumbs.map((c) => c.label).join(' / ') || 'none'}</p>;
    }
    render(<Title />);
    expect(screen.getByText('none')).toBeTruthy();
    act(() => useNavigationStore.getState().setBreadcrumb([{ label: 'Dashboard' }]));
    expect(screen.getByText('Dashboard')).toBeTruthy();
  });
});

describe('date-range store', () => {
  it('defaults to 6 months ending today and resets to that', () => {
    const s = useDateRangeStore.getState();
    expect(s.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    s.reset(new Date('2025-08-31T12:00:00Z'), 'UTC');
    expect(useDateRangeStore.getState()).toMatchObject({ startDate: '2025-02-28', endDate: '2025-08-31' });
  });

  it('stores an invalid date as null', () => {
    useDateRangeStore.getState().setDateRange('2025-01-01', '2025-02-30');
    expect(useDateRangeStore.getState()).toMatchObject({ startDate: '2025-01-01', endDate: null });
    useDateRangeStore.getState().setDateRange('yesterday', 42);
    expect(useDateRangeStore.getState()).toMatchObject({ startDate: null, endDate: null });
  });
});

describe('market and template stores', () => {
  it('holds one market', () => {
    expect(useMarketStore.getState().market).toBeNull();
    useMarketStore.getState().setMarket('gb-en');
    expect(useMarketStore.getState().market).toBe('gb-en');
  });

  it('defaults to the brand template and refuses an unknown one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(useTemplateStore.getState().template).toBe(DEFAULT_TEMPLATE);
    expect(useTemplateStore.getState().templates.map((t) => t.label)).toEqual(['Sightline']);
    useTemplateStore.getState().setTemplate('acme');
    expect(useTemplateStore.getState().template).toBe(DEFAULT_TEMPLATE);
    expect(warn).toHaveBeenCalledWith("unknown template 'acme'");
    warn.mockRestore();
  });
});

describe('project store', () => {
  const list = [
    { id: 1, name: 'Retail' },
    { id: 2, name: 'Travel' },
  ];

  it('sets the current project alone', () => {
    useProjectStore.getState().setCurrentProject(2);
    expect(useProjectStore.getState()).toMatchObject({ currentProjectId: 2, projects: [] });
  });

  it('sets the list with a current project, keeping or defaulting it', () => {
    const s = useProjectStore.getState();
    s.setProjects(list);
    expect(useProjectStore.getState().currentProjectId).toBe(1);
    s.setCurrentProject(2);
    s.setProjects(list);
    expect(useProjectStore.getState().currentProjectId).toBe(2);
    s.setProjects([list[0]!]);
    expect(useProjectStore.getState().currentProjectId).toBe(1);
    s.setProjects(list, 2);
    expect(useProjectStore.getState()).toMatchObject({ projects: list, currentProjectId: 2 });
    s.setProjects([]);
    expect(useProjectStore.getState().currentProjectId).toBeNull();
  });
});

describe('auth store', () => {
  it('sets the auth URLs once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = useAuthStore.getState();
    expect(s.authUrls).toBeNull();
    s.setAuthUrls({ loginUrl: '/login', logoutUrl: '/auth/logout' });
    s.setAuthUrls({ loginUrl: '/elsewhere', logoutUrl: '/x' });
    expect(useAuthStore.getState().authUrls).toEqual({ loginUrl: '/login', logoutUrl: '/auth/logout' });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('starts with every permission false and grants them per role', () => {
    expect(useAuthStore.getState().permissions).toEqual(NO_PERMISSIONS);
    expect(Object.values(NO_PERMISSIONS).filter((v) => v === true)).toEqual([]);
    useAuthStore.getState().grantRoles(['ROLE_REPORTS', 'ROLE_VE']);
    expect(useAuthStore.getState().permissions).toMatchObject({
      reports: true,
      visibilityExplorer: true,
      keywordExplorer: false,
      linkData: { ROLE_REPORTS: true, ROLE_VE: true },
    });
    useAuthStore.getState().clearPermissions();
    expect(useAuthStore.getState().permissions.reports).toBe(false);
  });
});

describe('anonymous user store', () => {
  it('starts with no status and no limit reached', () => {
    expect(useUserStore.getState()).toMatchObject({ statusCode: null, limitReached: false });
  });

  it('switches the limit flag and the status, including to set-up-a-call', () => {
    const s = useUserStore.getState();
    s.setLimitReached(true);
    expect(useUserStore.getState().limitReached).toBe(true);
    s.setLimitReached(false);
    s.reachLimit();
    expect(useUserStore.getState()).toMatchObject({ statusCode: 'LIMIT_REACHED', limitReached: true });
    s.switchToSetUpCall();
    expect(useUserStore.getState().statusCode).toBe('SET_UP_A_CALL');
    s.setStatusCode(null);
    expect(useUserStore.getState().statusCode).toBeNull();
  });
});
