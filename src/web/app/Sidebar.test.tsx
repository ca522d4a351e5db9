import '../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import type { ModuleId } from '@core/navigation';
import type { Role } from '@core/roles';
import { Sidebar } from './Sidebar';
import { theme } from './theme';

const ctx = { projectId: 4, market: 'gb-en', host: null, campaignId: null };

function renderSidebar(
  roles: Role[],
  builtModules?: ReadonlySet<ModuleId>,
  locale: 'en_GB' | 'de_DE' = 'en_GB',
) {
  return render(
    <MantineProvider theme={theme}>
      <MemoryRouter>
        <Sidebar
          roles={roles}
          activeItem="campaigns"
          context={ctx}
          locale={locale}
          builtModules={builtModules}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('sidebar', () => {
  it('shows the built modules as real links', () => {
    renderSidebar(['ROLE_REPORTS', 'ROLE_ADMIN']);
    const links = within(nav()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Report Creation', '/folder'],
      ['Tasks', '/tasks'],
      ['Raw Search Analytics', '/rawsearchanalytics'],
      ['Keyword-to-Page', '/searchanalytics'],
      ['Page-to-Keyword', '/searchpages'],
      ['CTR Models', '/ctr_models'],
      ['Campaigns', '/campaigns'],
      ['Users and roles', '/admin/users'],
      ['Call requests', '/admin/call-requests'],
      ['Audit log', '/admin/audit'],
    ]);
    expect(within(nav()).getByRole('link', { name: 'Campaigns' }).getAttribute('aria-current')).toBe('page');
  });

  it('hides Reporting without ROLE_REPORTS and Administration without ROLE_ADMIN', () => {
    renderSidebar([]);
    expect(within(nav()).queryByText('Reporting')).toBeNull();
    expect(within(nav()).queryByText('Report Creation')).toBeNull();
    expect(within(nav()).queryByText('Administration')).toBeNull();
    expect(
      within(nav())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Dashboard',
      // The spec's tasks and searchConsole sections name no role.
      'Tasks',
      'Raw Search Analytics',
      'Keyword-to-Page',
      'Page-to-Keyword',
      'CTR Models',
      'Campaigns',
    ]);
  });

  it('hides items of unbuilt modules, never showing a placeholder', () => {
    renderSidebar(['ROLE_REPORTS', 'ROLE_CV', 'ROLE_VE', 'ROLE_KEYWORD_EXPLORER']);
    for (const label of ['Generated Reports', 'Report Scheduling', 'Keyword Explorer', 'Content 360'])
      expect(within(nav()).queryByText(label), label).toBeNull();
  });

  it('marks new items with a badge and fills path templates from the current project', () => {
    const built = new Set<ModuleId>(['dashboard', 'project-visibility', 'keyword-explorer', 'rank-tracking']);
    renderSidebar(['ROLE_CV', 'ROLE_KEYWORD_EXPLORER'], built, 'de_DE');
    const pv = within(nav()).getByRole('link', { name: /Project Visibility/ });
    expect(pv.getAttribute('href')).toBe('/ldx-4/competitive-analysis/project-visibility/de_DE');
    expect(within(pv).getByText('New')).toBeTruthy();
    const ke = within(nav()).getByRole('link', { name: /Keyword Explorer/ });
    expect(ke.getAttribute('href')).toBe('/v8/frontend/4/keyword-explorer/de_DE');
    expect(within(ke).getByText('New')).toBeTruthy();
    // Rank tracking is a campaign's screen: without a chosen campaign its item is not a link.
    expect(within(nav()).queryByRole('link', { name: /Rank Tracking/ })).toBeNull();
    expect(within(nav()).getByText('Rank Tracking')).toBeTruthy();
    expect(within(nav()).getByText('Rankings')).toBeTruthy();
  });
});
