import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ROLES, SELLER_DEMO_ROLES, type SessionUser } from '@acervo/contracts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warn: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../toast/toast.tsx', () => ({ toast: toastMock }));

import { SessionProvider, useSession } from './session-context.tsx';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY, clearSession, encryptText, saveSession } from './session-storage.ts';
import { resetTabSession, tabIsStale, tabSession } from './tab-session.ts';

const admin1: SessionUser = { id: 1, idEmpresa: 1, nome: 'Administrador', nomPerfil: 'Administrador', login: 'admin', roles: [...ROLES], token: 'admin-empresa-1', indNewPassword: false };
const admin2: SessionUser = { ...admin1, idEmpresa: 2, token: 'admin-empresa-2' };
const seller: SessionUser = { id: 5, idEmpresa: 1, nome: 'Vendedor', nomPerfil: 'Vendedor', login: 'vendedor', roles: [...SELLER_DEMO_ROLES], token: 'vendedor-empresa-1', indNewPassword: false };

let state: ReturnType<typeof useSession> | null = null;
function Probe() {
  state = useSession();
  return <div data-testid="shown">{state.loading ? 'loading' : state.user ? `${state.user.login}@${state.user.idEmpresa}` : 'signed-out'}</div>;
}

/** What another tab does: stores a session (or clears it) and this tab gets the `storage` event of each key. */
async function otherTab(next: SessionUser | null) {
  if (next) await saveSession(next);
  else clearSession();
  await act(async () => {
    window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
  });
}

async function renderRestored(stored: SessionUser | null, path = '/') {
  window.history.replaceState(null, '', path);
  if (stored) await saveSession(stored);
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('shown').textContent).not.toBe('loading'));
}

beforeEach(() => {
  Object.values(toastMock).forEach((fn) => fn.mockReset());
  state = null;
});
afterEach(() => {
  resetTabSession();
  window.history.replaceState(null, '', '/');
});

describe('session in one of two tabs (issue 15, defect 1)', () => {
  it('follows a company switch made in another tab: shows the new company, records it for the API client, goes to / and tells the user', async () => {
    await renderRestored(admin1, '/system/user');
    expect(tabSession()).toEqual({ token: 'admin-empresa-1', idEmpresa: 1 });
    await otherTab(admin2);
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('admin@2'));
    expect(tabSession()).toEqual({ token: 'admin-empresa-2', idEmpresa: 2 });
    expect(tabIsStale()).toBe(false);
    expect(window.location.pathname).toBe('/');
    expect(toastMock.info).toHaveBeenCalledTimes(1);
    expect(toastMock.info).toHaveBeenCalledWith('session.companyChangedElsewhere');
  });

  it('follows a sign-out and a sign-in of another user made in another tab', async () => {
    await renderRestored(admin1, '/system/company');
    await otherTab(null);
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('signed-out'));
    expect(tabSession()).toEqual({ token: null, idEmpresa: null });
    expect(window.location.pathname).toBe('/');
    expect(toastMock.info).toHaveBeenLastCalledWith('session.signedOutElsewhere');
    await otherTab(seller);
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('vendedor@1'));
    expect(toastMock.info).toHaveBeenLastCalledWith('session.signedInElsewhere');
  });

  it('waits for the other tab to finish writing: the user key alone (new company, old token) changes nothing', async () => {
    await renderRestored(admin1, '/system/company');
    localStorage.setItem(USER_STORAGE_KEY, await encryptText(JSON.stringify(admin2)));
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY }));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('shown').textContent).toBe('admin@1');
    expect(tabSession()).toEqual({ token: 'admin-empresa-1', idEmpresa: 1 });
    expect(toastMock.info).not.toHaveBeenCalled();
    localStorage.setItem(TOKEN_STORAGE_KEY, admin2.token);
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    });
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('admin@2'));
    expect(tabSession()).toEqual({ token: 'admin-empresa-2', idEmpresa: 2 });
    expect(toastMock.info).toHaveBeenCalledTimes(1);
  });

  it('a tab is stale between the other tab writing and the event arriving (the API client refuses meanwhile)', async () => {
    await renderRestored(admin1);
    await saveSession(admin2);
    expect(tabIsStale()).toBe(true);
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    });
    await waitFor(() => expect(tabIsStale()).toBe(false));
  });
});

describe('where a sign-in lands (issue 15, defect 2)', () => {
  it('sign out as admin on /system/user, sign in as vendedor: lands on /, not on the previous user page', async () => {
    await renderRestored(admin1, '/system/user');
    act(() => state?.endSession());
    expect(window.location.pathname).toBe('/');
    await act(async () => state?.startSession(seller));
    expect(window.location.pathname).toBe('/');
    expect(screen.getByTestId('shown').textContent).toBe('vendedor@1');
  });

  it('keeps a deep link asked for before signing in when the roles allow it, and drops it otherwise', async () => {
    await renderRestored(null, '/system/user?nome=ana');
    await act(async () => state?.startSession(admin1));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/system/user?nome=ana');
    act(() => state?.endSession());
    window.history.replaceState(null, '', '/system/user');
    await act(async () => state?.startSession(seller));
    expect(window.location.pathname).toBe('/');
  });
});
