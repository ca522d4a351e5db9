// The modal registry of spec §2: opening takes a modal id plus extra data, closing takes the id. Each of the
// nine dialogs has its own data shape; a caller may pass `onClose` to hear when its dialog goes away.
import { create } from 'zustand';
import type { MantineColor } from '@mantine/core';
import type { CallRequestBody } from '@contracts/demo';
import type { GlossaryName } from './glossaries';

export const MODAL_IDS = [
  'ALERT_MODAL',
  'ADD_GROUP_MODAL',
  'DELETE_DOMAIN',
  'TABLE_GLOSSARY',
  'LIMIT_REACHED',
  'SET_UP_A_CALL',
  'THANK_YOU',
  'TRY_THIS_FEATURE',
  'NO_DATA_FOUND',
] as const;
export type ModalId = (typeof MODAL_IDS)[number];

export interface DomainOption {
  value: string;
  label: string;
  color?: string;
}

export interface NewDomainGroup {
  label: string;
  members: string[];
}

/** What the set-up-a-call dialog sends (spec §7 /demo/call). */
export type CallRequest = CallRequestBody;

interface Common {
  /** Runs after the dialog closes, however it was closed. */
  onClose?: () => void;
}

export interface ModalDataMap {
  ALERT_MODAL: Common & {
    title: string;
    text: string;
    styles?: { color?: MantineColor; tone?: 'info' | 'success' | 'warning' | 'danger' };
  };
  ADD_GROUP_MODAL: Common & {
    domains: DomainOption[];
    /** Labels already in use; a new group may not repeat one. */
    existingLabels?: string[];
    /** An existing group to edit (its name and members filled in) instead of a new one. */
    initial?: NewDomainGroup;
    onSubmit: (group: NewDomainGroup) => void | Promise<void>;
  };
  DELETE_DOMAIN: Common & { domain: DomainOption; onConfirm: () => void | Promise<void> };
  TABLE_GLOSSARY: Common & { storeName: GlossaryName };
  LIMIT_REACHED: Common & { message?: string; onSetUpCall?: () => void };
  SET_UP_A_CALL: Common & { onSubmit: (request: CallRequest) => void | Promise<void> };
  THANK_YOU: Common & { title?: string; message?: string };
  TRY_THIS_FEATURE: Common & { feature: string; description: string; href?: string };
  NO_DATA_FOUND: Common & { message?: string; suggestion?: string };
}

export type OpenModals = { [K in ModalId]?: ModalDataMap[K] };

export interface ModalState {
  modals: OpenModals;
  /** Opens `id` with `data`; opening an open dialog replaces its data. */
  open: <K extends ModalId>(id: K, data: ModalDataMap[K]) => void;
  close: (id: ModalId) => void;
  isOpen: (id: ModalId) => boolean;
}

export const useModalStore = create<ModalState>()((set, get) => ({
  modals: {},
  open: (id, data) => set((s) => ({ modals: { ...s.modals, [id]: data } })),
  close: (id) => {
    const data = get().modals[id];
    if (data === undefined) return;
    set((s) => {
      const modals = { ...s.modals };
      delete modals[id];
      return { modals };
    });
    data.onClose?.();
  },
  isOpen: (id) => get().modals[id] !== undefined,
}));
