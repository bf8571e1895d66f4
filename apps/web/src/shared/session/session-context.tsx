import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@acervo/contracts';
import { toast } from '../toast/toast.tsx';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY, clearSession, isSignedIn, loadSession, readStoredSession, sealSession } from './session-storage.ts';
import { onFollowStoredSession, showTabSession } from './tab-session.ts';
import { landingPath, replaceAddress } from './landing.ts';

/** What `useSession` gives: the user (or null), the restore flag and the two transitions. */
export interface SessionState {
  /** The session user, including one that still has to set a new password. */
  user: SessionUser | null;
  /** True while the stored session is being restored at start (SPEC section 4). */
  loading: boolean;
  /** `isSignedIn(user)`: id present and `indNewPassword` false. */
  signedIn: boolean;
  /**
   * Stores a session user (login, refresh, new password answers) and makes it current. When it
   * signs the tab in, the address becomes `landingPath` (the deep link asked for, if allowed, else `/`).
   */
  startSession: (user: SessionUser) => Promise<void>;
  /** Removes the stored user and token, empties the user (logout) and shows `/` in the address bar. */
  endSession: () => void;
}

const SessionContext = createContext<SessionState | null>(null);

/** How long (ms) a tab asked to follow waits for another tab to finish writing a session. */
const UNSETTLED_WAIT_MS = 300;
const UNSETTLED_POLL_MS = 25;

/** What changed between the session a tab shows and the stored one (null: nothing the user sees). */
type SessionChange = 'signedIn' | 'signedOut' | 'user' | 'company' | null;

function changeBetween(before: SessionUser | null, after: SessionUser | null): SessionChange {
  const wasIn = isSignedIn(before);
  const isIn = isSignedIn(after);
  if (wasIn && !isIn) return 'signedOut';
  if (!wasIn && isIn) return 'signedIn';
  if (!wasIn || !isIn) return null;
  if (before.id !== after.id) return 'user';
  if (before.idEmpresa !== after.idEmpresa) return 'company';
  return null;
}

/** i18n key of the notice for each change made in another tab. */
const NOTICE_KEY: Record<Exclude<SessionChange, null>, string> = {
  signedIn: 'session.signedInElsewhere',
  signedOut: 'session.signedOutElsewhere',
  user: 'session.userChangedElsewhere',
  company: 'session.companyChangedElsewhere',
};

/**
 * Holds the session user. On mount it restores the stored session (both keys must exist); until
 * then `loading` is true.
 *
 * Two tabs (issue 15): the stored session is shared by every tab of the browser. This provider
 * records what its tab shows (`tab-session.ts`, read by the API client: `X-Empresa`, and refusal
 * of a request while the tab is behind) and follows the stored session when another tab changes
 * it: on the `storage` event of the user or token key, or when the API client finds the tab behind
 * before sending a request (`followStoredSession`). Following a company switch, a sign-in of
 * another user or a sign-out shows a notice (`session.*`) and moves the address to `/` (SPEC:
 * switching company navigates to `/`), or to `landingPath` for a tab that was on the login screen.
 * @param initialUser skips the restore and the tab tracking (tests render screens with a user that
 *   is not stored)
 */
export function SessionProvider({ children, initialUser }: { children: ReactNode; initialUser?: SessionUser | null }) {
  const { t } = useTranslation();
  const tracked = initialUser === undefined;
  const [user, setUser] = useState<SessionUser | null>(initialUser ?? null);
  const [loading, setLoading] = useState(tracked);
  const shown = useRef<SessionUser | null>(initialUser ?? null);
  const translate = useRef(t);
  translate.current = t;

  /** Makes `next` the session this tab shows (state, tab record for the API client). */
  const show = useCallback(
    (next: SessionUser | null) => {
      shown.current = next;
      if (tracked) showTabSession(next);
      setUser(next);
    },
    [tracked],
  );

  useEffect(() => {
    if (!tracked) return;
    let alive = true;
    void loadSession().then((restored) => {
      if (!alive) return;
      // a transition: the signed-in app then renders in slices that let the browser paint and
      // answer input, instead of one long task (an update from a promise is not time-sliced)
      startTransition(() => {
        show(restored);
        setLoading(false);
      });
    });
    return () => {
      alive = false;
    };
  }, [tracked, show]);

  // Follow the stored session when another tab changes it. Runs one at a time: the other tab
  // writes the user and then the token, and each write fires its own event.
  useEffect(() => {
    if (!tracked) return;
    let chain: Promise<void> = Promise.resolve();
    // a follow still reading storage when the provider unmounts (sign-in screen, tests) must not
    // move the address or show a notice afterwards
    let alive = true;
    /**
     * Shows the stored session. On a storage event a half-written session (the other tab has
     * written the user but not yet the token) is skipped: the second key's event follows. Asked by
     * the API client (`fromEvent` false), it waits up to UNSETTLED_WAIT_MS for the second write and
     * then takes what is stored, so a tab never keeps refusing requests.
     */
    const followOnce = async (fromEvent: boolean) => {
      let read = await readStoredSession();
      for (let waited = 0; !read.settled && !fromEvent && waited < UNSETTLED_WAIT_MS; waited += UNSETTLED_POLL_MS) {
        await new Promise((resolve) => setTimeout(resolve, UNSETTLED_POLL_MS));
        read = await readStoredSession();
      }
      if (!read.settled && fromEvent) return;
      const stored = read.settled ? read.user : await loadSession();
      if (!alive) return;
      const before = shown.current;
      if (stored?.token === before?.token && JSON.stringify(stored) === JSON.stringify(before)) return;
      const change = changeBetween(before, stored);
      if (change === 'signedIn') replaceAddress(landingPath(window.location, stored?.roles ?? []));
      else if (change) replaceAddress('/');
      show(stored);
      if (change) toast.info(translate.current(NOTICE_KEY[change]));
    };
    const follow = (fromEvent: boolean) => {
      const once = () => followOnce(fromEvent);
      chain = chain.then(once, once);
      return chain;
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === USER_STORAGE_KEY || event.key === TOKEN_STORAGE_KEY) void follow(true);
    };
    window.addEventListener('storage', onStorage);
    const unregister = onFollowStoredSession(() => follow(false));
    return () => {
      alive = false;
      window.removeEventListener('storage', onStorage);
      unregister();
    };
  }, [tracked, show]);

  const startSession = useCallback(
    async (next: SessionUser) => {
      const store = await sealSession(next);
      // stored and recorded as the tab's in one synchronous step: no request of this tab can find
      // the stored session different from the one the tab shows
      store();
      if (!isSignedIn(shown.current) && isSignedIn(next)) replaceAddress(landingPath(window.location, next.roles));
      show(next);
    },
    [tracked, show],
  );

  const endSession = useCallback(() => {
    if (tracked) showTabSession(null);
    clearSession();
    // the next user starts at `/`, not on the page this user left (issue 15, defect 2)
    if (isSignedIn(shown.current)) replaceAddress('/');
    show(null);
  }, [tracked, show]);

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
