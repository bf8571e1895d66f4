import { APP_ID } from '../app-id.ts';

/**
 * A GET the inline script of index.html sends before the app has run (issue 19: Home's figures
 * must paint within 1 s; the app itself starts ≈ 0.7 s into the load, and the dashboard's
 * request, sent from the app, then took 0.3–0.4 s more). The build's plugin
 * (`build/signed-in-preload.ts`) writes the script from this list; the screen takes the answer
 * with `takeEarlyAnswer` instead of asking again.
 */
export interface EarlyRequest {
  /** Name of the request: its permission key (`EARLY_REQUEST_KEY_PREFIX` + name) and its slot. */
  name: string;
  /** Route path (`APP_ROUTES`) at which it is sent, e.g. `/`. */
  path: string;
  /** API path under `/api/core-api/`, e.g. `dashboard`. */
  api: string;
  /** Address query parameters copied to the request when present (e.g. `comparacao`). */
  query: readonly string[];
}

/** The early requests: Home's dashboard, with the comparison of the address. */
export const EARLY_REQUESTS: readonly EarlyRequest[] = [{ name: 'dashboard', path: '/', api: 'dashboard', query: ['comparacao'] }];

/**
 * Local-storage key prefix of the permission to send an early request: `acervo:early:<name>`
 * holds `1` once the screen has read that request's answer in this session, so a user whose
 * profile cannot read it (the route would answer 403) never sends it. Cleared with the session.
 */
export const EARLY_REQUEST_KEY_PREFIX = `${APP_ID}:early:`;

/** Global slot the inline script fills: name → when it was sent (ms since epoch) and its answer. */
export const EARLY_ANSWERS_GLOBAL = '__acervoEarly';

/** How long (ms) an early answer may wait for its screen; older ones are ignored. */
export const EARLY_ANSWER_MAX_AGE_MS = 15_000;

interface EarlySlot {
  /** `Date.now()` when the script sent the request. */
  at: number;
  /** The JSON of a 2xx answer, or null (any other status, a network failure). */
  answer: Promise<unknown>;
}

/**
 * Takes (once) the answer of the early request `name` if the script sent it in this page load
 * less than `EARLY_ANSWER_MAX_AGE_MS` ago. The answer is what the server said to the stored token
 * with no company header, i.e. for the token's company: the caller must check that it is what the
 * screen asks (company, options) before using it, and ask normally otherwise. Null answers (403,
 * 401, 400, network) are never shown: the caller asks again through the API client, which handles
 * them (a 403 there signs out; here it must not).
 * @returns the answer's promise (JSON or null), or null when there is none to take
 */
export function takeEarlyAnswer(name: string): Promise<unknown> | null {
  const slots = (globalThis as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL] as Record<string, EarlySlot | undefined> | undefined;
  const slot = slots?.[name];
  if (!slots || !slot) return null;
  delete slots[name];
  return Date.now() - slot.at <= EARLY_ANSWER_MAX_AGE_MS ? slot.answer : null;
}

/** Allows (after the screen read the request's answer) or forbids the early request `name` in this browser's session. */
export function allowEarlyRequest(name: string, allowed: boolean): void {
  try {
    if (allowed) localStorage.setItem(EARLY_REQUEST_KEY_PREFIX + name, '1');
    else localStorage.removeItem(EARLY_REQUEST_KEY_PREFIX + name);
  } catch {
    // storage unavailable: the request is simply not sent early
  }
}

/** Forbids every early request (sign-in, sign-out, expiry: the next user's profile is not known). */
export function forgetEarlyRequests(): void {
  for (const request of EARLY_REQUESTS) allowEarlyRequest(request.name, false);
}
