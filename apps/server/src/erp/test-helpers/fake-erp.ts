import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { ErpEntity, ErpRecord } from '@acervo/contracts';
import type { Executor } from '../../db/client.ts';
import type { ErpRecordStore } from '../erp-sync.ts';

/** A fault the fake answers instead of the normal response. */
export type FakeFault = { status: number; body?: unknown } | { delayMs: number } | { drop: true };

/** A record the fake serves: raw JSON (may be malformed on purpose) with its change time and id. */
type FakeRecord = { id: string; alteradoEm: string; [k: string]: unknown };

/**
 * A small in-process ERP speaking the protocol (login, saude, registros with cursor/desde/limite,
 * one record, produtos, pedidos), for unit tests of the connector and the sync before (and beside)
 * the real simulator. Faults: `faults` is consumed one per request (then normal answers);
 * `onRequest` sees every request; tokens can be revoked.
 */
export class FakeErp {
  readonly records = new Map<string, FakeRecord[]>();
  faults: FakeFault[] = [];
  /** Fault for requests whose path matches, consumed like `faults` (checked first). */
  pathFaults: { match: RegExp; fault: FakeFault; times: number }[] = [];
  readonly requests: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  readonly sent: { kind: 'produtos' | 'pedidos'; company: string; body: unknown }[] = [];
  /** Answer of POST produtos/pedidos: null = 201 with a new id. */
  sendAnswer: { status: number; body: unknown } | null = null;
  private tokens = new Set<string>();
  private tokenSeq = 0;
  private server: http.Server | null = null;
  url = '';

  /** Adds or replaces records of a company's entity type (a new version of an id replaces the old one). */
  put(company: string, entity: ErpEntity, records: FakeRecord[]): void {
    const key = `${company}/${entity}`;
    const list = (this.records.get(key) ?? []).filter((r) => !records.some((n) => n.id === r.id));
    list.push(...records);
    list.sort((a, b) => (a.alteradoEm === b.alteradoEm ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.alteradoEm < b.alteradoEm ? -1 : 1));
    this.records.set(key, list);
  }

  /** Ends every token (the next call answers 401 until a new login). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v1`;
    return this.url;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    this.requests.push({ method: req.method ?? 'GET', path, query: url.searchParams, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const pathFault = this.pathFaults.find((f) => f.times > 0 && f.match.test(path));
    if (pathFault) pathFault.times--;
    const fault = pathFault?.fault ?? this.faults.shift();
    if (fault) {
      if ('drop' in fault) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
        res.write('{"itens":[');
        setTimeout(() => res.destroy(), 5);
        return;
      }
      if ('delayMs' in fault) await new Promise((r) => setTimeout(r, fault.delayMs));
      else return send(fault.status, fault.body ?? { erro: 'Falha simulada' });
    }
    if (path === 'saude') return send(200, { status: 'OK', versao: 'fake-1', agora: new Date().toISOString() });
    if (path === 'login') {
      if (body?.usuario !== 'erp' || body?.senha !== 'erp') return send(401, { erro: 'Usuário ou senha inválidos' });
      const token = `tok-${++this.tokenSeq}`;
      this.tokens.add(token);
      return send(200, { token, expiraEm: new Date(Date.now() + 3600_000).toISOString() });
    }
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.tokens.has(token)) return send(401, { erro: 'Token inválido' });
    let m = /^empresas\/([^/]+)\/registros\/([A-Z_]+)$/.exec(path);
    if (m) {
      const list = this.records.get(`${m[1]}/${m[2]}`) ?? [];
      const limit = Number(url.searchParams.get('limite') ?? 500);
      const cursor = url.searchParams.get('cursor');
      const since = url.searchParams.get('desde');
      let start = 0;
      if (cursor) {
        const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString());
        start = list.findIndex((r) => r.alteradoEm > at || (r.alteradoEm === at && r.id > id));
        if (start < 0) start = list.length;
      } else if (since) {
        start = list.findIndex((r) => r.alteradoEm >= since);
        if (start < 0) start = list.length;
      }
      const itens = list.slice(start, start + limit);
      const last = itens.at(-1);
      const next = last ? Buffer.from(JSON.stringify([last.alteradoEm, last.id])).toString('base64url') : (cursor ?? Buffer.from(JSON.stringify(['', ''])).toString('base64url'));
      return send(200, { itens, cursor: next, temMais: start + limit < list.length });
    }
    m = /^empresas\/([^/]+)\/registros\/([A-Z_]+)\/(.+)$/.exec(path);
    if (m) {
      const record = (this.records.get(`${m[1]}/${m[2]}`) ?? []).find((r) => r.id === decodeURIComponent(m![3]));
      return record ? send(200, record) : send(404, { erro: 'Registro não encontrado' });
    }
    m = /^empresas\/([^/]+)\/(produtos|pedidos)$/.exec(path);
    if (m && req.method === 'POST') {
      this.sent.push({ kind: m[2] as 'produtos' | 'pedidos', company: m[1], body });
      if (this.sendAnswer) return send(this.sendAnswer.status, this.sendAnswer.body);
      return send(201, m[2] === 'produtos' ? { id: `P${this.sent.length}`, alteradoEm: new Date().toISOString() } : { id: `O${this.sent.length}`, numero: this.sent.length });
    }
    send(404, { erro: 'Rota não encontrada' });
  }
}

/** A valid TIPO_PRODUTO record for the fake. */
export function productType(id: string, alteradoEm: string, descricao = `Tipo ${id}`): FakeRecord {
  return { id, alteradoEm, descricao, formatoOnix: 'BC', ativo: true };
}

/**
 * A record store for unit tests: a scratch table `erp_fake_registro` written in the sync's
 * transaction (so rollbacks and kills behave like the real store); ids starting with 'REJ' are
 * refused with a reason, like a reference that cannot resolve.
 */
export async function createFakeStore(db: Executor): Promise<ErpRecordStore> {
  await db.execute(sql`CREATE TABLE IF NOT EXISTS erp_fake_registro (
    empresa_id int NOT NULL, entidade text NOT NULL, id_erp text NOT NULL, alterado_em timestamptz NOT NULL, dados jsonb NOT NULL,
    PRIMARY KEY (empresa_id, entidade, id_erp))`);
  return {
    async apply<E extends ErpEntity>(tx: Executor, companyId: number, entity: E, records: readonly ErpRecord<E>[]) {
      const rejected = records.filter((r) => r.id.startsWith('REJ')).map((r) => ({ id: r.id, error: 'Referência inexistente' }));
      for (const r of records) {
        if (r.id.startsWith('REJ')) continue;
        await tx.execute(sql`INSERT INTO erp_fake_registro VALUES (${companyId}, ${entity}, ${r.id}, ${r.alteradoEm}, ${JSON.stringify(r)}::jsonb)
          ON CONFLICT (empresa_id, entidade, id_erp) DO UPDATE SET alterado_em = excluded.alterado_em, dados = excluded.dados
          WHERE erp_fake_registro.alterado_em <= excluded.alterado_em`);
      }
      return { rejected };
    },
    async count(db2: Executor, companyId: number, entity: ErpEntity) {
      const r = await db2.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM erp_fake_registro WHERE empresa_id = ${companyId} AND entidade = ${entity}`);
      return Number((r as unknown as { rows: { n: number }[] }).rows[0].n);
    },
  };
}
