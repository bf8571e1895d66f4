import type { SessionUser } from '@acervo/contracts';
import { readToken } from './session-storage.ts';

/*
 * What THIS browser tab shows (issue 15, two tabs with two companies). The session is stored in
 * localStorage, which every tab of the origin shares: a company switch, sign-out or sign-in in one
 * tab replaces the stored token at once in all of them, while each tab's screen still shows the
 * company it loaded. The API client reads this module to send the company the tab shows
 * (`X-Empresa`) and to refuse a request while the stored session is not the one the tab shows;
 * the session provider keeps it current and registers how to follow the stored session.
 */

/** The session the tab shows: its token and selected company (null when signed out / no company). */
export interface TabSession {
  token: string | null;
  idEmpresa: number | null;
}

let shown: TabSession | null = null;
let follow: (() => Promise<void>) | null = null;

/**
 * Records the session the tab now shows (the provider calls it BEFORE storing a new session, so no
 * request of this tab sees a stored token it does not show). `null` user = signed out.
 */
export function showTabSession(user: SessionUser | null): void {
  shown = { token: user?.token ?? null, idEmpresa: user?.idEmpresa ?? null };
}

/** The session the tab shows, or null before the session provider has restored one (tests, start). */
export function tabSession(): TabSession | null {
  return shown;
}

/**
 * True when the stored session (token in localStorage) is not the one the tab shows: another tab
 * switched company, signed out or signed in, and this tab has not followed yet.
 */
export function tabIsStale(): boolean {
  return shown !== null && readToken() !== shown.token;
}

/**
 * Registers how the tab follows the stored session (the session provider's); returns the
 * unregister function.
 */
export function onFollowStoredSession(handler: () => Promise<void>): () => void {
  follow = handler;
  return () => {
    if (follow === handler) follow = null;
  };
}

/**
 * Makes the tab show the stored session now (company, user or signed-out state), as the `storage`
 * event would; resolves when the tab's state is updated. No-op without a registered provider.
 */
export async function followStoredSession(): Promise<void> {
  if (follow) await follow();
}

/** Forgets the tab state and handler (tests). */
export function resetTabSession(): void {
  shown = null;
  follow = null;
}
