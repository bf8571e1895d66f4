import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_MISMATCH_MESSAGE, INTERNAL_ERROR_MESSAGE, type SessionUser } from '@acervo/contracts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warn: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../toast/toast.tsx', () => ({ toast: toastMock }));

import { SESSION_EXPIRED_MESSAGE, api, buildUrl, navigation } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from '../session/session-storage.ts';
import { onFollowStoredSession, resetTabSession, showTabSession } from '../session/tab-session.ts';

function respond(status: number, body?: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

describe('api client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.values(toastMock).forEach((fn) => fn.mockReset());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('builds URLs under /api/core-api/ and appends only defined query values', () => {
    expect(buildUrl('produto', { page: 0, pageSize: 10, titulo: undefined, editora: '', situacao: null, sort: ['a,asc', 'b,desc'] })).toBe(
      '/api/core-api/produto?page=0&pageSize=10&sort=a%2Casc&sort=b%2Cdesc',
    );
    expect(buildUrl('/auth/login')).toBe('/api/core-api/auth/login');
  });

  it('sends pt-BR, JSON and the stored bearer token, and unwraps the data', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const fetchMock = respond(200, { itens: [] });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('auth/refresh', { idEmpresa: 2 })).resolves.toEqual({ itens: [] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/core-api/auth/refresh');
    expect(init.headers).toMatchObject({ 'Accept-Language': 'pt-BR', 'Content-Type': 'application/json', Authorization: 'Bearer tok' });
    expect(init.body).toBe('{"idEmpresa":2}');
  });

  it('declares a JSON content type only when a body is sent (the server refuses an empty JSON body)', async () => {
    const fetchMock = respond(200, { ativo: false });
    vi.stubGlobal('fetch', fetchMock);
    await api.put('usuario/inativa/3');
    await api.delete('perfil/4');
    await api.put('perfil/4', { nome: 'x' });
    const headers = fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers as Record<string, string>);
    expect(headers.map((h) => h['Content-Type'])).toEqual([undefined, undefined, 'application/json']);
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body).toBeUndefined();
  });

  it('on 401/403 clears the session, warns and goes to / after 800 ms', async () => {
    for (const status of [401, 403]) {
      localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
      localStorage.setItem(USER_STORAGE_KEY, 'enc');
      const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
      vi.stubGlobal('fetch', respond(status, { message: 'Sessão expirada ou inválida.', messages: [] }));
      await expect(api.get('produto')).rejects.toBeInstanceOf(ApiError);
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
      expect(toastMock.warn).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
      expect(toastMock.error).not.toHaveBeenCalled();
      vi.advanceTimersByTime(799);
      expect(assign).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(assign).toHaveBeenCalledWith('/');
      assign.mockRestore();
      toastMock.warn.mockReset();
    }
  });

  it('skips the reload when by then the tab shows the login screen or a new session, so a sign-in typed there is not cut off', async () => {
    const expired: SessionUser = { id: 1, idEmpresa: 1, nome: 'Admin', nomPerfil: 'Administrador', login: 'admin', roles: [], token: 'revoked', indNewPassword: false };
    for (const next of [null, { ...expired, token: 'signed-in-again' }]) {
      localStorage.setItem(TOKEN_STORAGE_KEY, 'revoked');
      localStorage.setItem(USER_STORAGE_KEY, 'enc');
      showTabSession(expired);
      const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
      vi.stubGlobal('fetch', respond(401, { message: 'Sessão expirada ou inválida.', messages: [] }));
      await expect(api.get('dashboard')).rejects.toBeInstanceOf(ApiError);
      expect(toastMock.warn).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
      showTabSession(next); // the provider followed the cleared session (login screen), or the user signed in
      vi.advanceTimersByTime(800);
      expect(assign).not.toHaveBeenCalled();
      assign.mockRestore();
      toastMock.warn.mockReset();
    }
    // while the tab still shows the expired session, it goes to / as before
    localStorage.setItem(TOKEN_STORAGE_KEY, 'revoked');
    showTabSession(expired);
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    await expect(api.get('dashboard')).rejects.toBeInstanceOf(ApiError);
    vi.advanceTimersByTime(800);
    expect(assign).toHaveBeenCalledWith('/');
    assign.mockRestore();
    resetTabSession();
  });

  it('treats the login 401 as a wrong password: error toast, session untouched', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', respond(401, { message: 'Usuário ou senha inválidos.', messages: [{ field: '', message: 'Usuário ou senha inválidos.' }] }));
    await expect(api.post('auth/login', {}, { sessionCheck: false })).rejects.toMatchObject({ status: 401 });
    expect(toastMock.error).toHaveBeenCalledWith('Usuário ou senha inválidos.', 401);
    expect(toastMock.warn).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
    vi.advanceTimersByTime(1000);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the first field error, or the internal-error text for an unreadable body', async () => {
    vi.stubGlobal('fetch', respond(400, { message: 'x', messages: [{ field: 'anoEdicao', message: 'Ano inválido' }] }));
    await expect(api.get('produto')).rejects.toBeInstanceOf(ApiError);
    expect(toastMock.error).toHaveBeenLastCalledWith('anoEdicao: Ano inválido', 400);

    vi.stubGlobal('fetch', respond(502, '<html>Bad gateway</html>'));
    await expect(api.get('produto')).rejects.toBeInstanceOf(ApiError);
    expect(toastMock.error).toHaveBeenLastCalledWith(INTERNAL_ERROR_MESSAGE, 500);
  });
});

describe('api client in one of two tabs (issue 15)', () => {
  const shownUser: SessionUser = { id: 1, idEmpresa: 1, nome: 'Admin', nomPerfil: 'Administrador', login: 'admin', roles: [], token: 'token-empresa-1', indNewPassword: false };
  let follow: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    Object.values(toastMock).forEach((fn) => fn.mockReset());
    follow = vi.fn(async () => undefined);
    // this tab shows company 1 with its token
    showTabSession(shownUser);
    onFollowStoredSession(follow as unknown as () => Promise<void>);
    localStorage.setItem(TOKEN_STORAGE_KEY, shownUser.token);
  });
  afterEach(() => {
    resetTabSession();
    vi.unstubAllGlobals();
  });

  it('sends the company the tab shows in X-Empresa', async () => {
    const fetchMock = respond(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await api.get('produto');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer token-empresa-1', 'X-Empresa': '1' });
  });

  it('does not send a call while another tab has stored another session: the tab follows it first, and a change is refused with a warning', async () => {
    // tab A switched to company 2: the stored token is no longer the one this tab shows
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token-empresa-2');
    const fetchMock = respond(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.put('produto/5', { titulo: 'x' })).rejects.toMatchObject({ status: 409, message: COMPANY_MISMATCH_MESSAGE });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(follow).toHaveBeenCalledTimes(1);
    expect(toastMock.warn).toHaveBeenCalledWith(COMPANY_MISMATCH_MESSAGE);
    // a read is refused too, without the warning (the screen reloads in the followed company)
    toastMock.warn.mockReset();
    await expect(api.get('produto')).rejects.toMatchObject({ status: 409 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(follow).toHaveBeenCalledTimes(2);
    expect(toastMock.warn).not.toHaveBeenCalled();
    expect(toastMock.error).not.toHaveBeenCalled();
  });

  it('on the server 409 of a company mismatch follows the stored session instead of showing an error', async () => {
    vi.stubGlobal('fetch', respond(409, { message: COMPANY_MISMATCH_MESSAGE, messages: [{ field: '', message: COMPANY_MISMATCH_MESSAGE }] }));
    await expect(api.post('produto', {})).rejects.toMatchObject({ status: 409 });
    expect(follow).toHaveBeenCalledTimes(1);
    expect(toastMock.error).not.toHaveBeenCalled();
    expect(toastMock.warn).toHaveBeenCalledWith(COMPANY_MISMATCH_MESSAGE);
    // any other 409 is an ordinary error
    vi.stubGlobal('fetch', respond(409, { message: 'Já existe uma empresa com este CNPJ.', messages: [] }));
    await expect(api.post('system/company', {})).rejects.toMatchObject({ status: 409 });
    expect(follow).toHaveBeenCalledTimes(1);
    expect(toastMock.error).toHaveBeenCalledWith('Já existe uma empresa com este CNPJ.', 409);
  });

  it('a 401 of a token another tab replaced during the call is not an expired session: the new session is kept', async () => {
    localStorage.setItem(USER_STORAGE_KEY, 'enc');
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        localStorage.setItem(TOKEN_STORAGE_KEY, 'token-empresa-2');
        return new Response(JSON.stringify({ message: 'Sessão expirada ou inválida.', messages: [] }), { status: 401 });
      }),
    );
    await expect(api.get('produto')).rejects.toMatchObject({ status: 409 });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-empresa-2');
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBe('enc');
    expect(follow).toHaveBeenCalledTimes(1);
    expect(toastMock.warn).not.toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
    expect(assign).not.toHaveBeenCalled();
    assign.mockRestore();
  });
});
