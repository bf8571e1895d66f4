import { sessionUserSchema, type SessionUser } from '@acervo/contracts';
import { APP_ID, TOKEN_STORAGE_KEY } from '../app-id.ts';
import { forgetEarlyRequests } from '../api/early-request.ts';

/** Local-storage key of the encrypted session user: `acervo:user`. */
export const USER_STORAGE_KEY = `${APP_ID}:user`;
export { TOKEN_STORAGE_KEY };

let cachedKey: Promise<CryptoKey> | null = null;

/**
 * AES-GCM 256 key derived from the app identifier (SHA-256 of `acervo:session-storage`).
 * This is obfuscation against casual reading of local storage (SPEC section 9 asks for the user to
 * be stored encrypted), NOT a secret: anyone with the bundle can derive the same key. The token
 * itself is what protects the API and it is revoked by logout/expiry on the server.
 */
function storageKey(): Promise<CryptoKey> {
  if (!cachedKey) {
    const material = new TextEncoder().encode(`${APP_ID}:session-storage`);
    cachedKey = crypto.subtle
      .digest('SHA-256', material)
      .then((digest) => crypto.subtle.importKey('raw', digest, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']));
  }
  return cachedKey;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Encrypts a text with AES-GCM: the answer is base64 of the 12-byte random IV followed by the
 * ciphertext and tag.
 */
export async function encryptText(plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(new ArrayBuffer(12)));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await storageKey(), new TextEncoder().encode(plain));
  const out = new Uint8Array(iv.length + cipher.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(cipher), iv.length);
  return toBase64(out);
}

/**
 * Decrypts the output of `encryptText`.
 * @throws when the text is not valid base64 or fails authentication (tampered or foreign value)
 */
export async function decryptText(encoded: string): Promise<string> {
  const bytes = fromBase64(encoded);
  const iv = bytes.slice(0, 12);
  const cipher = bytes.slice(12);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, await storageKey(), cipher);
  return new TextDecoder().decode(plain);
}

/** The stored bearer token, or null. Read synchronously by the API client on every call. */
export function readToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}

/**
 * Stores the session: the user (encrypted JSON) under `acervo:user` and its token under
 * `acervo:token`.
 */
export async function saveSession(user: SessionUser): Promise<void> {
  (await sealSession(user))();
}

/**
 * Encrypts the session user and answers the function that stores it: both keys, synchronously, so
 * a caller can make its tab show the session in the same step (issue 15: no request of the tab
 * runs between the two).
 */
export async function sealSession(user: SessionUser): Promise<() => void> {
  const encrypted = await encryptText(JSON.stringify(user));
  return () => {
    forgetEarlyRequests();
    localStorage.setItem(USER_STORAGE_KEY, encrypted);
    localStorage.setItem(TOKEN_STORAGE_KEY, user.token);
  };
}

/**
 * Restores the stored session (SPEC section 4): only when BOTH the user and the token keys exist,
 * the user decrypts and matches the session-user shape. The stored token wins over the one inside
 * the user. A damaged value clears both keys.
 * @returns the user, or null when there is no usable session
 */
export async function loadSession(): Promise<SessionUser | null> {
  const encrypted = localStorage.getItem(USER_STORAGE_KEY);
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (!encrypted || !token) return null;
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(await decryptText(encrypted)));
    if (!parsed.success) {
      clearSession();
      return null;
    }
    return { ...parsed.data, token };
  } catch {
    clearSession();
    return null;
  }
}

/** What `readStoredSession` answers: the stored session and whether both keys agree. */
export interface StoredSession {
  /** The session `loadSession` would restore (null: none, or damaged and now cleared). */
  user: SessionUser | null;
  /**
   * False while another tab is half-way through writing a session: one key without the other, or
   * a user whose own token is not the stored token (the user key is written first). The `storage`
   * event of the second key follows at once.
   */
  settled: boolean;
}

/**
 * Reads the stored session as another tab left it (issue 15, two tabs): the user `loadSession`
 * would restore, and whether the two keys agree (see `StoredSession.settled`).
 */
export async function readStoredSession(): Promise<StoredSession> {
  const encrypted = localStorage.getItem(USER_STORAGE_KEY);
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (!encrypted && !token) return { user: null, settled: true };
  if (!encrypted || !token) return { user: null, settled: false };
  let own: string | undefined;
  try {
    own = sessionUserSchema.safeParse(JSON.parse(await decryptText(encrypted))).data?.token;
  } catch {
    own = undefined;
  }
  if (own !== undefined && own !== token) return { user: null, settled: false };
  return { user: await loadSession(), settled: true };
}

/** Removes the stored user and token (logout, expiry), and the permissions of early requests. */
export function clearSession(): void {
  forgetEarlyRequests();
  localStorage.removeItem(USER_STORAGE_KEY);
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}

/**
 * SPEC section 4: signed in only when the user has an id and does not have to set a new password.
 */
export function isSignedIn(user: SessionUser | null | undefined): user is SessionUser {
  return Boolean(user && user.id && !user.indNewPassword);
}
