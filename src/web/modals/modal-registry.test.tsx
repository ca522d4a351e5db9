import '../test/dom-setup';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';
import { GLOSSARIES } from './glossaries';
import { ModalHost } from './ModalHost';
import { MODAL_IDS, useModalStore } from './modal-store';

function renderHost() {
  return render(
    <MantineProvider theme={theme}>
      <MemoryRouter>
        <ModalHost />
      </MemoryRouter>
    </MantineProvider>,
  );
}

const open = useModalStore.getState().open;
const close = useModalStore.getState().close;

beforeEach(() => {
  act(() => useModalStore.setState({ modals: {} }));
});

describe('modal registry store', () => {
  it('knows the nine modals of spec §2', () => {
    expect(MODAL_IDS).toEqual([
      'ALERT_MODAL',
      'ADD_GROUP_MODAL',
      'DELETE_DOMAIN',
      'TABLE_GLOSSARY',
      'LIMIT_REACHED',
      'SET_UP_A_CALL',
      'THANK_YOU',
      'TRY_THIS_FEATURE',
      'NO_DATA_FOUND',
    ]);
  });

  it('opens with an id and data, and closes by id, telling the opener', () => {
    const onClose = vi.fn();
    open('ALERT_MODAL', { title: 'Saved', text: 'All good', onClose });
    open('NO_DATA_FOUND', {});
    expect(useModalStore.getState().isOpen('ALERT_MODAL')).toBe(true);
    expect(useModalStore.getState().modals.ALERT_MODAL?.title).toBe('Saved');
    close('ALERT_MODAL');
    expect(useModalStore.getState().isOpen('ALERT_MODAL')).toBe(false);
    expect(useModalStore.getState().isOpen('NO_DATA_FOUND')).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
    close('ALERT_MODAL');
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('dialogs', () => {
  it('shows ALERT_MODAL and closes it with Escape', async () => {
    renderHost();
    act(() =>
      open('ALERT_MODAL', {
        title: 'Export ready',
        text: 'Your CSV has been generated.',
        styles: { tone: 'success' },
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Export ready')).toBeTruthy();
    expect(within(dialog).getByText('Your CSV has been generated.')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(useModalStore.getState().isOpen('ALERT_MODAL')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the glossary of the named table', async () => {
    renderHost();
    act(() => open('TABLE_GLOSSARY', { storeName: 'campaigns' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Campaigns: columns')).toBeTruthy();
    for (const entry of GLOSSARIES.campaigns.entries)
      expect(within(dialog).getByText(entry.definition)).toBeTruthy();
  });

  it('ADD_GROUP_MODAL checks its fields and submits label and members', async () => {
    const onSubmit = vi.fn();
    renderHost();
    act(() =>
      open('ADD_GROUP_MODAL', {
        domains: [
          { value: 'a.com', label: 'A', color: '#f00' },
          { value: 'b.com', label: 'B' },
          { value: 'c.com', label: 'c.com' },
        ],
        existingLabels: ['Retail'],
        onSubmit,
      }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Group name/), { target: { value: 'retail' } });
    fireEvent.click(within(dialog).getByLabelText(/^A/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add group' }));
    expect(within(dialog).getByText('A group with this name exists')).toBeTruthy();
    expect(within(dialog).getByText('Pick at least 2 domains')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Group name/), { target: { value: 'Marketplaces' } });
    fireEvent.click(within(dialog).getByLabelText(/c\.com/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add group' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ label: 'Marketplaces', members: ['a.com', 'c.com'] }),
    );
    await waitFor(() => expect(useModalStore.getState().isOpen('ADD_GROUP_MODAL')).toBe(false));
  });

  it('DELETE_DOMAIN keeps the dialog open with the reason when removal fails', async () => {
    const onConfirm = vi
      .fn()
      .mockRejectedValueOnce(new Error('the domain is in use'))
      .mockResolvedValueOnce(undefined);
    renderHost();
    act(() => open('DELETE_DOMAIN', { domain: { value: 'rival.com', label: 'Rival' }, onConfirm }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    expect(await within(dialog).findByText('The domain is in use.')).toBeTruthy();
    expect(useModalStore.getState().isOpen('DELETE_DOMAIN')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    await waitFor(() => expect(useModalStore.getState().isOpen('DELETE_DOMAIN')).toBe(false));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('SET_UP_A_CALL validates, submits and then says thank you', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderHost();
    act(() => open('SET_UP_A_CALL', { onSubmit }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request call' }));
    expect(within(dialog).getByText('Enter your name')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Grace' } });
    fireEvent.change(within(dialog).getByLabelText(/Work email/), { target: { value: 'grace@navy.test' } });
    fireEvent.change(within(dialog).getByLabelText(/Company/), { target: { value: 'Navy' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Morning/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request call' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Grace',
        email: 'grace@navy.test',
        company: 'Navy',
        preferredTime: 'morning',
      }),
    );
    await waitFor(() => expect(useModalStore.getState().isOpen('THANK_YOU')).toBe(true));
    expect(useModalStore.getState().isOpen('SET_UP_A_CALL')).toBe(false);
  });

  it('renders LIMIT_REACHED, TRY_THIS_FEATURE, THANK_YOU and NO_DATA_FOUND with their data', async () => {
    const onSetUpCall = vi.fn();
    renderHost();
    act(() => open('LIMIT_REACHED', { onSetUpCall }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set up a call' }));
    expect(onSetUpCall).toHaveBeenCalledOnce();
    act(() => close('LIMIT_REACHED'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() =>
      open('TRY_THIS_FEATURE', {
        feature: 'Report Creation',
        description: 'Save widget selections.',
        href: '/folder',
      }),
    );
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Try Report Creation' }).getAttribute('href')).toBe(
      '/folder',
    );
    act(() => close('TRY_THIS_FEATURE'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => open('NO_DATA_FOUND', { message: 'No keyword ranks in this range.' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No keyword ranks in this range.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => open('THANK_YOU', { message: 'Talk soon.' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Talk soon.')).toBeTruthy();
  });
});
