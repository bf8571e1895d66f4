import type { ErpEntity, ErpIntegrationType, ErpOrderOut, ErpPage, ErpProductOut } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { getParameters, readSecretParameter } from '../parameters/parameters.service.ts';
import type { WarnLogger } from '../shared/secrets.ts';
import type { ErpRetryOptions } from './erp-http.ts';
import type { IntegrationLogSink } from './integration-log.ts';
import { createSimulatorConnector } from './simulator-connector.ts';

/**
 * Where a sync stands in an entity type's feed: the protocol's opaque `cursor` after the last
 * record applied, or — when null — the instant `since` to start from (null: the beginning).
 */
export interface ErpFeedPosition {
  cursor: string | null;
  since: Date | null;
}

/** Health of the ERP (`GET saude`). */
export interface ErpHealth {
  ok: boolean;
  versao: string | null;
  /** The ERP's clock. */
  agora: Date | null;
}

/**
 * One ERP, as the sync and the outgoing queue see it (issue 7 part 3). Every method makes HTTP
 * calls with a time-out and retries (see `ErpHttpClient`) and logs one `log_integracao` row per
 * attempt; each throws `ErpCallError` (pt-BR message) after the last attempt. `companyCode` is the
 * company's `codigoErp`.
 */
export interface ErpConnector {
  /** The `tipoIntegracao` value this connector speaks. */
  readonly type: Exclude<ErpIntegrationType, 'NENHUMA'>;
  /** Is the ERP up? Never throws for an unreachable ERP: answers `ok: false`. */
  health(signal?: AbortSignal): Promise<ErpHealth>;
  /**
   * The next page of records of `entity` changed after `position`, ordered by (change time, id),
   * at most `limit` (1-1000). Items are raw JSON: the caller validates each one.
   */
  listChanged(companyCode: string, entity: ErpEntity, position: ErpFeedPosition, limit: number, signal?: AbortSignal, companyId?: number): Promise<ErpPage>;
  /** The codes of the companies the ERP holds (`GET empresas`), to check a company's `codigoErp`. */
  listCompanyCodes(signal?: AbortSignal): Promise<string[]>;
  /** One record as the ERP holds it now (raw JSON), or null when the ERP does not have it (404). */
  getRecord(companyCode: string, entity: ErpEntity, id: string, signal?: AbortSignal, companyId?: number): Promise<unknown>;
  /** Sends a catalogue product; answers the ERP's id for it. */
  sendProduct(companyCode: string, product: ErpProductOut, signal?: AbortSignal, companyId?: number): Promise<{ id: string }>;
  /** Sends a purchase or sales order; answers the ERP's id (and number) for it. */
  sendOrder(companyCode: string, order: ErpOrderOut, signal?: AbortSignal, companyId?: number): Promise<{ id: string; numero: string | null }>;
}

/** Connection settings of an ERP, from the parameters (`urlApi`, `usuario`, `senha`). */
export interface ErpConnectionSettings {
  urlApi: string;
  usuario: string;
  senha: string;
}

/** Builds a connector from its settings, its log sink and the retry options. */
export type ErpConnectorFactory = (settings: ErpConnectionSettings, sink: IntegrationLogSink, options?: ErpRetryOptions) => ErpConnector;

/**
 * The connector of each integration type. Adding an ERP: one file that implements ErpConnector,
 * its type in `ERP_INTEGRATION_TYPES` (contracts) and one line here.
 */
export const ERP_CONNECTORS: Readonly<Record<Exclude<ErpIntegrationType, 'NENHUMA'>, ErpConnectorFactory>> = {
  SIMULADOR: createSimulatorConnector,
};

/** pt-BR summary of a run when the integration is off. */
export const ERP_DISABLED_MESSAGE = 'Integração com o ERP desativada';

/** The ERP integration settings stored in the parameters. */
export async function readErpSettings(db: Executor, log?: WarnLogger): Promise<{ type: ErpIntegrationType } & ErpConnectionSettings> {
  const p = await getParameters(db, ['ERP_TIPO_INTEGRACAO', 'ERP_USUARIO', 'ERP_URL_API']);
  return { type: p.ERP_TIPO_INTEGRACAO as ErpIntegrationType, urlApi: p.ERP_URL_API, usuario: p.ERP_USUARIO, senha: await readSecretParameter(db, 'ERP_SENHA', log) };
}

/**
 * The connector the parameters choose (`tipoIntegracao`), or null when it is NENHUMA.
 * @throws Error (pt-BR) when the type has no connector or the URL is missing
 */
export async function openErpConnector(db: Executor, sink: IntegrationLogSink, options?: ErpRetryOptions, log?: WarnLogger): Promise<ErpConnector | null> {
  const settings = await readErpSettings(db, log);
  if (settings.type === 'NENHUMA') return null;
  const factory = (ERP_CONNECTORS as Record<string, ErpConnectorFactory | undefined>)[settings.type];
  if (!factory) throw new Error(`Tipo de integração sem conector: ${settings.type}`);
  if (!settings.urlApi) throw new Error('URL da API do ERP não configurada nos parâmetros');
  return factory(settings, sink, options);
}
