// The signed-in user's session, provided by the session gate to everything inside the app shell.
import { createContext, useContext } from 'react';
import type { MeResponse } from '@contracts/auth';

export const SessionContext = createContext<MeResponse | null>(null);

/** The session; only valid inside the session gate. */
export function useSession(): MeResponse {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is only available inside the session gate');
  return session;
}
