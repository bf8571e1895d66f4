import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from '@acervo/contracts';
import { clearSession, isSignedIn, loadSession, saveSession } from './session-storage.ts';

/** What `useSession` gives: the user (or null), the restore flag and the two transitions. */
export interface SessionState {
  /** The session user, including one that still has to set a new password. */
  user: SessionUser | null;
  /** True while the stored session is being restored at start (SPEC section 4). */
  loading: boolean;
  /** `isSignedIn(user)`: id present and `indNewPassword` false. */
  signedIn: boolean;
  /** Stores a session user (login, refresh, new password answers) and makes it current. */
  startSession: (user: SessionUser) => Promise<void>;
  /** Removes the stored user and token and empties the user (logout). */
  endSession: () => void;
}

const SessionContext = createContext<SessionState | null>(null);

/**
 * Holds the session user. On mount it restores the stored session (both keys must exist); until
 * then `loading` is true.
 * @param initialUser skips the restore (tests)
 */
export function SessionProvider({ children, initialUser }: { children: ReactNode; initialUser?: SessionUser | null }) {
  const [user, setUser] = useState<SessionUser | null>(initialUser ?? null);
  const [loading, setLoading] = useState(initialUser === undefined);

  useEffect(() => {
    if (initialUser !== undefined) return;
    let alive = true;
    void loadSession().then((restored) => {
      if (!alive) return;
      setUser(restored);
      setLoading(false);
    });
    return () => {
      alive = false;
    };
  }, [initialUser]);

  const startSession = useCallback(async (next: SessionUser) => {
    await saveSession(next);
    setUser(next);
  }, []);

  const endSession = useCallback(() => {
    clearSession();
    setUser(null);
  }, []);

  const value = useMemo<SessionState>(
    () => ({ user, loading, signedIn: isSignedIn(user), startSession, endSession }),
    [user, loading, startSession, endSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The session state.
 * @throws Error when used outside `SessionProvider`
 */
export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/**
 * The signed-in user; for screens rendered only inside the signed-in layout.
 * @throws Error when nobody is signed in
 */
export function useSignedUser(): SessionUser {
  const { user, signedIn } = useSession();
  if (!signedIn || !user) throw new Error('useSignedUser needs a signed-in user');
  return user;
}
