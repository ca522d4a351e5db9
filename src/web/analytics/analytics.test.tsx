import '../test/dom-setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { ANALYTICS_MESSAGES } from '@core/analytics';
import { fakeServer, json } from '../test/fake-server';
import { renderApp } from '../test/render';
import { analytics, createAnalytics } from './analytics-client';
import type { AnalyticsSink } from './analytics-client';

afterEach(() => analytics.setSink(null));

describe('analytics client', () => {
  it('validates events with the spec messages before sending', () => {
    const warn = vi.fn();
    const sink = { alias: vi.fn(), page: vi.fn(), track: vi.fn() };
    const client = createAnalytics(sink, warn);
    expect(client.alias('')).toBe(false);
    expect(client.page('campaigns', null)).toBe(false);
    expect(client.track('')).toBe(false);
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      'missing userId field for EventTypes.alias',
      'missing name field for EventTypes.page',
      'missing event field for a track event',
    ]);
    expect(client.track('Report Created', { sections: 3 })).toBe(true);
    expect(sink.track).toHaveBeenCalledWith({
      type: 'track',
      event: 'Report Created',
      properties: { sections: 3 },
    });
  });

  it('warns when no client is plugged in (once) and when the client lacks an event type', () => {
    const warn = vi.fn();
    const client = createAnalytics(null, warn);
    expect(client.identify('7')).toBe(false);
    expect(client.reset()).toBe(false);
    expect(warn.mock.calls).toEqual([[ANALYTICS_MESSAGES.clientMissing]]);
    client.setSink({ page: vi.fn() });
    expect(client.group('org-1')).toBe(false);
    expect(warn).toHaveBeenLastCalledWith('analytics event type group is not supported by the client');
    expect(client.page(null, 'dashboard')).toBe(true);
  });

  it('sends a page event on every route change', async () => {
    const pages: { category: string | null | undefined; name: string | null | undefined }[] = [];
    const sink: AnalyticsSink = { page: (e) => pages.push({ category: e.category, name: e.name }) };
    analytics.setSink(sink);
    fakeServer({ 'GET /api/v1/me': json(401, { error: { code: 'unauthenticated', message: 'sign in' } }) });
    const { router } = renderApp('/login');
    await waitFor(() => expect(pages).toEqual([{ category: 'session', name: 'login' }]));
    await act(() => router.navigate('/content360'));
    await waitFor(() => expect(pages.at(-1)).toEqual({ category: null, name: 'not-found' }));
  });

  it('tags page events with the spec §2 area of the page name and the screen recognised from the address', async () => {
    const pages: { name: string | null | undefined; properties: Record<string, unknown> | undefined }[] = [];
    analytics.setSink({ page: (e) => pages.push({ name: e.name, properties: e.properties }) });
    fakeServer({ 'GET /api/v1/me': json(401, { error: { code: 'unauthenticated', message: 'sign in' } }) });
    const { router } = renderApp('/login');
    await waitFor(() => expect(pages.at(-1)?.properties).toMatchObject({ area: null, screen: null }));
    await act(() => router.navigate('/example.com/blog/gb-en/competitive-analysis/ve/de_DE'));
    await waitFor(() =>
      expect(pages.find((p) => p.name === 'visibility-explorer')?.properties).toMatchObject({
        path: '/example.com/blog/gb-en/competitive-analysis/ve/de_DE',
        locale: 'de_DE',
        area: 'visibility-explorer',
        screen: 'visibility-explorer',
      }),
    );
    await act(() => router.navigate('/ldx-3/competitive-analysis/project-visibility'));
    await waitFor(() =>
      expect(pages.find((p) => p.name === 'project-visibility')?.properties).toMatchObject({
        area: 'project-visibility',
        screen: 'project-visibility',
      }),
    );
  });
});
