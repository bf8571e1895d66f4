import { z } from 'zod';
import { erpHealthSchema, erpLoginResponseSchema, erpPageSchema, type ErpEntity, type ErpOrderOut, type ErpProductOut } from '@acervo/contracts';
import type { ErpConnectionSettings, ErpConnector, ErpFeedPosition } from './erp-connector.ts';
import { ErpHttpClient, type ErpRetryOptions } from './erp-http.ts';
import type { IntegrationLogSink } from './integration-log.ts';

/** A token is renewed this long before the ERP says it expires, milliseconds. */
const TOKEN_MARGIN_MS = 30_000;

const companiesAnswer = z.object({ itens: z.array(z.object({ codigo: z.string() }).loose()) }).loose();
const productAnswer = z.object({ id: z.string().min(1) }).loose();
const orderAnswer = z.object({ id: z.string().min(1), numero: z.union([z.string(), z.number()]).nullable().optional() }).loose();

/**
 * The connector of `tipoIntegracao` SIMULADOR: the Acervo reference protocol
 * (`packages/contracts/src/erp-protocol.ts`, served by `apps/erp-sim`). Logs in with the
 * parameters' user and password, keeps the token until shortly before `expiraEm`, and logs in
 * again when a call answers 401.
 */
export function createSimulatorConnector(settings: ErpConnectionSettings, sink: IntegrationLogSink, options: ErpRetryOptions = {}): ErpConnector {
  const type = 'SIMULADOR' as const;
  let token: { value: string; expiresAt: number } | null = null;
  let login: Promise<string> | null = null;
  // login attempts are retried by the call that needs the token, so the login client does not retry itself
  const loginClient = new ErpHttpClient(settings.urlApi, type, sink, { ...options, retries: 0 });
  const auth = {
    token(signal?: AbortSignal): Promise<string> {
      if (token && token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return Promise.resolve(token.value);
      login ??= loginClient
        .request(
          { method: 'POST', path: 'login', body: { usuario: settings.usuario, senha: settings.senha }, operation: 'LOGIN', parse: (json) => erpLoginResponseSchema.parse(json) },
          signal,
        )
        .then((answer) => {
          token = { value: answer.token, expiresAt: Date.parse(answer.expiraEm) };
          return answer.token;
        })
        .finally(() => {
          login = null;
        });
      return login;
    },
    invalidate() {
      token = null;
    },
  };
  const http = new ErpHttpClient(settings.urlApi, type, sink, options, auth);
  const company = (code: string) => `empresas/${encodeURIComponent(code)}`;

  return {
    type,
    async health(signal) {
      try {
        const answer = await loginClient.request({ method: 'GET', path: 'saude', operation: 'SAUDE', parse: (json) => erpHealthSchema.parse(json) }, signal);
        return { ok: true, versao: answer.versao, agora: new Date(answer.agora) };
      } catch {
        return { ok: false, versao: null, agora: null };
      }
    },
    async listCompanyCodes(signal?: AbortSignal) {
      const answer = await http.request({ method: 'GET', path: 'empresas', operation: 'EMPRESAS', parse: (json) => companiesAnswer.parse(json), countRecords: (a) => a.itens.length }, signal);
      return answer.itens.map((c) => c.codigo);
    },
    listChanged(companyCode: string, entity: ErpEntity, position: ErpFeedPosition, limit: number, signal?: AbortSignal, companyId?: number) {
      return http.request(
        {
          method: 'GET',
          path: `${company(companyCode)}/registros/${entity}`,
          query: { cursor: position.cursor, desde: position.cursor ? null : position.since?.toISOString(), limite: limit },
          operation: 'LISTAR',
          entity,
          companyId,
          parse: (json) => erpPageSchema.parse(json),
          countRecords: (page) => page.itens.length,
        },
        signal,
      );
    },
    getRecord(companyCode, entity, id, signal, companyId) {
      return http.request(
        {
          method: 'GET',
          path: `${company(companyCode)}/registros/${entity}/${encodeURIComponent(id)}`,
          operation: 'BUSCAR',
          entity,
          companyId,
          acceptStatus: [404],
          parse: (json) => (json && typeof json === 'object' && 'status' in json && (json as { status: unknown }).status === 404 ? null : json),
          countRecords: (record) => (record === null ? 0 : 1),
        },
        signal,
      );
    },
    async sendProduct(companyCode: string, product: ErpProductOut, signal?: AbortSignal, companyId?: number) {
      const answer = await http.request(
        { method: 'POST', path: `${company(companyCode)}/produtos`, body: product, operation: 'ENVIAR_PRODUTO', companyId, parse: (json) => productAnswer.parse(json) },
        signal,
      );
      return { id: answer.id };
    },
    async sendOrder(companyCode: string, order: ErpOrderOut, signal?: AbortSignal, companyId?: number) {
      const answer = await http.request(
        { method: 'POST', path: `${company(companyCode)}/pedidos`, body: order, operation: 'ENVIAR_PEDIDO', companyId, parse: (json) => orderAnswer.parse(json) },
        signal,
      );
      return { id: answer.id, numero: answer.numero === null || answer.numero === undefined ? null : String(answer.numero) };
    },
  };
}
