import { ERP_ENTITIES, type ErpEntity } from '@acervo/contracts';
import type { TaskContext, TaskKind, TaskResult } from '../schedules/task-kinds.ts';
import { ERP_DISABLED_MESSAGE, openErpConnector, type ErpConnector } from './erp-connector.ts';
import type { ErpRetryOptions } from './erp-http.ts';
import { ERP_PAGE_SIZE_PGLITE, syncEntityForAllCompanies, type ErpRecordStore } from './erp-sync.ts';
import { IntegrationLogWriter } from './integration-log.ts';
import { purgeIntegrationLogs } from './log-retention.ts';
import { sendOutgoingQueue } from './outgoing-queue.ts';

/** pt-BR object of each entity type in a task label ("Sincronizar vendas do ERP"). */
const TASK_OBJECT: Readonly<Record<ErpEntity, string>> = {
  TIPO_CONTRIBUICAO: 'tipos de contribuição',
  TIPO_PRODUTO: 'tipos de produto',
  TIPO_OPERACAO_FISCAL: 'tipos de operação fiscal',
  FORMA_PAGAMENTO: 'formas de pagamento',
  TRANSPORTADORA: 'transportadoras',
  ASSUNTO: 'assuntos',
  SELO: 'selos',
  AUTOR: 'autores',
  VENDEDOR: 'vendedores',
  CLIENTE: 'clientes',
  PRODUTO: 'produtos',
  ESTOQUE: 'estoque',
  VENDA: 'vendas',
};

/** Default period (cron) of each entity type's sync task: sales and stock every 5 min, products every 15, registers hourly. */
export const ERP_SYNC_PERIODS: Readonly<Record<ErpEntity, string>> = Object.fromEntries(
  ERP_ENTITIES.map((e) => [e, e === 'VENDA' || e === 'ESTOQUE' ? '*/5 * * * *' : e === 'PRODUTO' ? '*/15 * * * *' : '0 * * * *']),
) as Record<ErpEntity, string>;

/** Task kind id of an entity type's sync (`SINCRONIZAR_ERP_VENDA`...). */
export function syncTaskKind(entity: ErpEntity): string {
  return `SINCRONIZAR_ERP_${entity}`;
}

/** Options of the ERP task kinds (tests shorten time-outs and back-off; the defaults are production's). */
export interface ErpTaskOptions {
  retry?: ErpRetryOptions;
  /** Retry options of the outgoing sender's calls (few: the queue has its own back-off). */
  sendRetry?: ErpRetryOptions;
  store?: ErpRecordStore;
  pageSize?: number;
  /** A connector to use instead of the parameters' (tests). */
  connector?: (ctx: TaskContext, writer: IntegrationLogWriter) => Promise<ErpConnector | null>;
}

/** Runs `work` with the parameters' connector and a log writer flushed at the end; NENHUMA answers ERP_DISABLED_MESSAGE. */
async function withConnector<R extends TaskResult>(ctx: TaskContext, options: ErpTaskOptions, retry: ErpRetryOptions | undefined, work: (c: ErpConnector, w: IntegrationLogWriter) => Promise<R>): Promise<R | string> {
  const writer = new IntegrationLogWriter(ctx.db, ctx.log);
  const connector = options.connector ? await options.connector(ctx, writer) : await openErpConnector(ctx.db, writer, retry, ctx.log);
  if (!connector) return ERP_DISABLED_MESSAGE;
  try {
    return await work(connector, writer);
  } finally {
    await writer.flush();
  }
}

/**
 * The ERP task kinds (issue 7), all built-in and system-wide:
 * - `SINCRONIZAR_ERP_<ENTIDADE>` (13): syncs that entity type for every active company with an ERP
 *   code (`syncEntityForAllCompanies`), each company on its own: a run where some companies failed
 *   and others synced ends AVISO ("Sucesso com avisos") naming them; periods ERP_SYNC_PERIODS;
 * - `ENVIAR_FILA_ERP` (every minute): sends the due items of the outgoing queue;
 * - `LIMPEZA_LOG_INTEGRACAO` (daily, 04:00): deletes log rows past their retention.
 * With `tipoIntegracao` NENHUMA the sync and send runs succeed with "Integração com o ERP desativada".
 */
export function createErpTaskKinds(options: ErpTaskOptions = {}): TaskKind[] {
  const syncKinds: TaskKind[] = ERP_ENTITIES.map((entity) => ({
    tipo: syncTaskKind(entity),
    descricao: `Sincronizar ${TASK_OBJECT[entity]} do ERP`,
    escopo: 'SISTEMA',
    periodoSugerido: ERP_SYNC_PERIODS[entity],
    builtIn: true,
    run: (ctx, _task, signal) =>
      withConnector(ctx, options, options.retry, (connector, writer) =>
        syncEntityForAllCompanies({ db: ctx.db, log: ctx.log, store: options.store, pageSize: options.pageSize ?? (ctx.database.kind === 'pglite' ? ERP_PAGE_SIZE_PGLITE : undefined), afterPage: () => writer.flush() }, connector, entity, signal),
      ),
  }));
  return [
    ...syncKinds,
    {
      tipo: 'ENVIAR_FILA_ERP',
      descricao: 'Enviar a fila de integração ao ERP',
      escopo: 'SISTEMA',
      periodoSugerido: '* * * * *',
      builtIn: true,
      run: (ctx, _task, signal) =>
        withConnector(ctx, options, options.sendRetry ?? { retries: 2 }, async (connector, writer) => {
          const r = await sendOutgoingQueue({ db: ctx.db, log: ctx.log, afterItem: () => writer.flush() }, connector, signal);
          return `${r.enviados} item(ns) enviado(s), ${r.reagendados} reagendado(s), ${r.erros} com erro`;
        }),
    },
    {
      tipo: 'LIMPEZA_LOG_INTEGRACAO',
      descricao: 'Limpeza do log de integração',
      escopo: 'SISTEMA',
      periodoSugerido: '0 4 * * *',
      builtIn: true,
      async run(ctx) {
        const deleted = await purgeIntegrationLogs(ctx.db);
        return `${deleted} registro(s) do log de integração excluído(s)`;
      },
    },
  ];
}

/** The ERP task kinds with production settings (listed in DOMAIN_TASK_KINDS). */
export const ERP_TASK_KINDS: TaskKind[] = createErpTaskKinds();
