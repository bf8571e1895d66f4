import fs from 'node:fs';
import { beforeAll, inject } from 'vitest';
import { hashPassword } from '@acervo/contracts';
import { waitForHealth } from './server.ts';

/**
 * The shared server with the demo's ERP simulator in-process (started by `global-setup.ts`, on
 * its own PGlite folder, for the whole run): the files that need ERP data (orders, replenishment, dashboard) use
 * it instead of each booting a server, generating the simulator's 6,000 titles and waiting for a
 * first sync of their own. Its data is not pristine: another file may have sent an order to the
 * ERP before, and the simulator keeps selling (2 sales a minute a company), so a file asserts on
 * what it creates itself or on figures read from the API at the same moment, never on totals.
 */
export interface ErpServer {
  /** `http://127.0.0.1:<port>` */
  baseURL: string;
  /** An `Authorization` header value of an admin session (`admin`/`admin`). */
  adminAuthorization(): Promise<string>;
  /** A JSON GET of `/api/core-api/<url>` as admin; throws unless 2xx. */
  apiGet<T>(url: string): Promise<T>;
}

/**
 * The shared ERP server of this run (see `ErpServer`). Registers a `beforeAll` that waits until it
 * answers its health route: spawned by the global setup, it boots (simulator data, demo seed) while
 * the other files run; 600 s guards only against a hang (on a machine at load 15 it took minutes).
 * @throws Error (in that hook) when its process has ended or it does not answer in time
 */
export function erpServer(): ErpServer {
  const { baseURL, exitFile } = inject('erpServer');
  beforeAll(async () => {
    const gone = () => (fs.existsSync(exitFile) ? fs.readFileSync(exitFile, 'utf8') : null);
    await waitForHealth(baseURL, 'e2e ERP server', 600_000, gone, new Promise(() => undefined));
  }, 610_000);
  let token: Promise<string> | undefined;
  const adminAuthorization = () =>
    (token ??= (async () => {
      const login = await fetch(`${baseURL}/api/core-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: hashPassword('admin') }) });
      if (!login.ok) throw new Error(`admin login on the ERP server: ${login.status}`);
      return `Bearer ${((await login.json()) as { token: string }).token}`;
    })());
  return {
    baseURL,
    adminAuthorization,
    async apiGet<T>(url: string): Promise<T> {
      const res = await fetch(`${baseURL}/api/core-api/${url}`, { headers: { authorization: await adminAuthorization() } });
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return (await res.json()) as T;
    },
  };
}
