// The anonymous (or plan-limited) user of spec §3–§4: a status code that selects which dialog to show (none
// by default), the limit-reached flag (false by default), and the switch to the set-up-a-call dialog.
import { create } from 'zustand';

/** The dialogs a user status can select. */
export const USER_STATUS_CODES = ['LIMIT_REACHED', 'SET_UP_A_CALL', 'THANK_YOU'] as const;
export type UserStatusCode = (typeof USER_STATUS_CODES)[number];

export interface UserState {
  statusCode: UserStatusCode | null;
  limitReached: boolean;
  setStatusCode: (statusCode: UserStatusCode | null) => void;
  setLimitReached: (limitReached: boolean) => void;
  /** A plan limit was hit: flag it and select the limit-reached dialog. */
  reachLimit: () => void;
  switchToSetUpCall: () => void;
}

export const useUserStore = create<UserState>()((set) => ({
  statusCode: null,
  limitReached: false,
  setStatusCode: (statusCode) => set({ statusCode }),
  setLimitReached: (limitReached) => set({ limitReached }),
  reachLimit: () => set({ limitReached: true, statusCode: 'LIMIT_REACHED' }),
  switchToSetUpCall: () => set({ statusCode: 'SET_UP_A_CALL' }),
}));
