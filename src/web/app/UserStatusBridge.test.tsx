import '../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useModalStore } from '../modals/modal-store';
import { useUserStore } from '../state/user-store';
import { fakeServer, json, meFixture } from '../test/fake-server';
import { renderApp } from '../test/render';

describe('plan limit (HTTP 402)', () => {
  it('flags the limit, opens LIMIT_REACHED, and switches to SET_UP_A_CALL on request', async () => {
    const { requests } = fakeServer({
      'GET /api/v1/me': json(200, meFixture([])),
      'GET /api/v1/projects': json(200, { items: [] }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v1/dashboard': json(402, {
        error: { code: 'plan_limit', message: 'your plan allows 2 markets' },
      }),
    });
    renderApp('/dashboard');
    // The first render loads the dashboard's chunk (with ECharts), which takes a while in jsdom.
    await waitFor(() => expect(useUserStore.getState().statusCode).toBe('LIMIT_REACHED'), {
      timeout: 15_000,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Limit reached' });
    expect(useUserStore.getState()).toMatchObject({ limitReached: true, statusCode: 'LIMIT_REACHED' });
    expect(await screen.findByText('Your plan allows 2 markets.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set up a call' }));
    await screen.findByRole('dialog', { name: 'Set up a call' });
    expect(useUserStore.getState().statusCode).toBe('SET_UP_A_CALL');
    expect(useModalStore.getState().isOpen('LIMIT_REACHED')).toBe(false);
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Set up a call' }), { key: 'Escape' });
    await waitFor(() => expect(useUserStore.getState().statusCode).toBeNull());
    expect(requests.filter((r) => r.url === '/api/v1/dashboard')).toHaveLength(1);
  });
});
