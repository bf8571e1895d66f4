import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@acervo/contracts';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY, clearSession, decryptText, encryptText, isSignedIn, loadSession, readToken, saveSession } from './session-storage.ts';

const user: SessionUser = {
  id: 7,
  idEmpresa: 1,
  nome: 'Maria da Silva',
  nomPerfil: 'Administrador',
  login: 'maria',
  roles: ['ROLE_VISUALIZAR_TERMINAL'],
  token: 'header.payload.signature',
  indNewPassword: false,
};

describe('session storage', () => {
  it('uses key names derived from the app id', () => {
    expect(USER_STORAGE_KEY).toBe('acervo:user');
    expect(TOKEN_STORAGE_KEY).toBe('acervo:token');
  });

  it('round-trips the user, stored encrypted, with the token under its own key', async () => {
    await saveSession(user);
    const stored = localStorage.getItem(USER_STORAGE_KEY) ?? '';
    expect(stored).not.toContain('Maria');
    expect(stored).not.toContain('ROLE_');
    expect(() => JSON.parse(stored) as unknown).toThrow();
    expect(readToken()).toBe(user.token);
    expect(await loadSession()).toEqual(user);
  });

  it('restores nothing unless both the user and the token exist', async () => {
    await saveSession(user);
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    expect(await loadSession()).toBeNull();

    await saveSession(user);
    localStorage.removeItem(USER_STORAGE_KEY);
    expect(await loadSession()).toBeNull();
  });

  it('clears a tampered value instead of restoring it', async () => {
    await saveSession(user);
    const stored = localStorage.getItem(USER_STORAGE_KEY) ?? '';
    localStorage.setItem(USER_STORAGE_KEY, (stored[0] === 'A' ? 'B' : 'A') + stored.slice(1));
    expect(await loadSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('clearSession removes both keys', async () => {
    await saveSession(user);
    clearSession();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('encrypts with a random IV (same text, different ciphertexts)', async () => {
    const a = await encryptText('x');
    const b = await encryptText('x');
    expect(a).not.toBe(b);
    expect(await decryptText(a)).toBe('x');
  });
});

describe('isSignedIn', () => {
  it('needs an id and no pending new password', () => {
    expect(isSignedIn(user)).toBe(true);
    expect(isSignedIn({ ...user, indNewPassword: true })).toBe(false);
    expect(isSignedIn({ ...user, id: 0 })).toBe(false);
    expect(isSignedIn(null)).toBe(false);
  });
});
