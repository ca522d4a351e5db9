// Auth URLs and permission flags (spec §3, §4): the sign-in and sign-out addresses are set once, from the
// first session answer; the permission flags default to false and are granted per role.
import { create } from 'zustand';
import { permissionFlags } from '@core/roles';
import type { PermissionFlags, Role } from '@core/roles';
import { logger } from '../lib/logger';

export interface AuthUrls {
  loginUrl: string;
  logoutUrl: string;
}

export const NO_PERMISSIONS: PermissionFlags = permissionFlags([]);

export interface AuthState {
  authUrls: AuthUrls | null;
  permissions: PermissionFlags;
  /** Sets the URLs the first time; later calls keep the first value. */
  setAuthUrls: (urls: AuthUrls) => void;
  /** Grants the flags of `roles` (and withdraws the others). */
  grantRoles: (roles: readonly Role[]) => void;
  setPermissions: (permissions: PermissionFlags) => void;
  /** After sign-out: every flag back to false. */
  clearPermissions: () => void;
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  authUrls: null,
  permissions: NO_PERMISSIONS,
  setAuthUrls: (urls) => {
    const current = get().authUrls;
    if (current === null) set({ authUrls: urls });
    else if (current.loginUrl !== urls.loginUrl || current.logoutUrl !== urls.logoutUrl)
      logger.warn('auth URLs are set once; the new values were ignored');
  },
  grantRoles: (roles) => set({ permissions: permissionFlags(roles) }),
  setPermissions: (permissions) => set({ permissions }),
  clearPermissions: () => set({ permissions: NO_PERMISSIONS }),
}));
