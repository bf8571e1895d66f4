import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './paths.ts';

/** A free TCP port on 127.0.0.1 (the OS picks it; closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A server started by `startServer`. */
export interface RunningServer {
  process: ChildProcess;
  /** Stops it (SIGTERM, then SIGKILL if it has not exited after 10 s) and waits for it to exit. */
  stop: () => Promise<void>;
}

/** Resolves when `child` has exited (at once if it already has). */
function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Spawns the real server (`apps/server/src/server.ts`, as `npm start`) with `env`, without waiting
 * for it: `startServer` waits for its health route; the shared ERP server (`global-setup.ts`) is
 * waited for by the files that use it (`src/erp-server.ts`).
 */
export function spawnServer(env: NodeJS.ProcessEnv): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], { cwd: ROOT, env, stdio: 'inherit' });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const done = exited(child);
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await done;
    clearTimeout(killer);
  };
  return { process: child, stop };
}

/**
 * Resolves once `GET <baseURL>/api/core-api/health` answers 200, as a client would see the server
 * ready: the route is asked again as soon as the previous attempt failed (the server is not
 * listening yet), pausing one short beat between attempts, never a fixed start-up sleep.
 * @param gone says whether the server's process has ended (checked after each failed attempt)
 * @param exit resolves when it ends (cuts a pause short)
 * @throws Error when the process ended before answering, or nothing answered within `within` ms
 */
export async function waitForHealth(baseURL: string, name: string, within: number, gone: () => string | null, exit: Promise<unknown>): Promise<void> {
  const deadline = Date.now() + within;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/core-api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    const ended = gone();
    if (ended !== null) throw new Error(`${name} exited with ${ended} before answering its health route`);
    if (Date.now() > deadline) throw new Error(`${name} did not answer its health route within ${within / 1000} s`);
    // one beat between attempts, cut short if the process dies
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 200)), exit]);
  }
}

/**
 * Starts the real server (`spawnServer`) and resolves once its health route answers 200
 * (`waitForHealth`).
 * @param env the server's environment (PORT, HOST, DATA_DIR, ...)
 * @param baseURL `http://127.0.0.1:<PORT>` of that environment
 * @param name what the errors call the server
 * @param within ms to wait for it (default 90 000)
 * @throws Error when the process exits before answering, or nothing answers in time (the process is then stopped)
 */
export async function startServer(env: NodeJS.ProcessEnv, baseURL: string, name: string, within = 90_000): Promise<RunningServer> {
  const server = spawnServer(env);
  const child = server.process;
  // one exit listener for the whole wait (a new one per attempt piled up past Node's warning limit)
  const exit = exited(child);
  try {
    await waitForHealth(baseURL, name, within, () => (child.exitCode ?? child.signalCode)?.toString() ?? null, exit);
    return server;
  } catch (err) {
    await server.stop();
    throw err;
  }
}
