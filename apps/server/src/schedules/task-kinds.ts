import type { TaskKindInfo, TaskKindScope } from '@acervo/contracts';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { CLEANUP_TASK_KINDS } from './cleanup-task-kinds.ts';
import { ERP_TASK_KINDS } from '../erp/erp-task-kinds.ts';
import { PRODUCT_IMPORT_TASK_KINDS } from '../products/import/import-task-kinds.ts';

/** Logger given to a task (pino's methods; the worker process passes a console-backed one). */
export interface TaskLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a running task may use: the database, the configuration, the queue and a logger. */
export interface TaskContext {
  db: Db;
  database: Database;
  config: AppConfig;
  queue: JobQueue;
  log: TaskLogger;
}

/** The task a run belongs to, as its kind sees it. */
export interface TaskRunInfo {
  /** Scheduled task id. */
  id: number;
  nome: string;
  tipo: string;
  periodo: string;
  /** Company of the task; null = system-wide. */
  idEmpresa: number | null;
  /** Run id (agendamento_execucao). */
  idExecucao: number;
  origem: 'AGENDADA' | 'MANUAL';
  /** The due time the run stands for (MANUAL: when it was asked for). */
  agendadoPara: Date;
}

/**
 * A kind of scheduled task: what the "Tipo" select offers and what a run executes. Other domains
 * add theirs (the ERP sync: one kind per entity type) with `registerTaskKind`, at module load of a
 * file listed in DOMAIN_TASK_KINDS below or from their own start-up code.
 */
export interface TaskKind {
  /** Stable id stored in `agendamento.tipo`: upper snake case, at most 60 characters (e.g. `LIMPEZA_SESSOES`). */
  tipo: string;
  /** pt-BR label shown in the select and the list. */
  descricao: string;
  /** SISTEMA: system-wide only; EMPRESA: needs a company; AMBOS: either. */
  escopo: TaskKindScope;
  /** Period a new task of this kind starts with in the form, and of the built-in task when `builtIn`. */
  periodoSugerido: string;
  /** Seed one system-wide task of this kind on every install (name = `descricao`). */
  builtIn?: boolean;
  /**
   * Does the work once. Resolves with a pt-BR summary for the run history (e.g. "12 mensagens
   * excluídas") or nothing; throws to record the run as ERRO with the error's message (the next
   * due time still comes). Should stop soon after `signal` aborts (process shutdown) by throwing.
   */
  run(ctx: TaskContext, task: TaskRunInfo, signal: AbortSignal): Promise<string | void>;
}

const KIND_ID = /^[A-Z][A-Z0-9_]{0,59}$/;

/** The task kinds of this process, by `tipo`. */
export class TaskKindRegistry {
  private readonly kinds = new Map<string, TaskKind>();

  /**
   * Adds a kind.
   * @returns a function that removes it again (tests)
   * @throws Error when `tipo` is malformed or already registered
   */
  register(kind: TaskKind): () => void {
    if (!KIND_ID.test(kind.tipo)) throw new Error(`Tipo de tarefa inválido: ${kind.tipo}`);
    if (this.kinds.has(kind.tipo)) throw new Error(`Tipo de tarefa já registrado: ${kind.tipo}`);
    this.kinds.set(kind.tipo, kind);
    return () => {
      if (this.kinds.get(kind.tipo) === kind) this.kinds.delete(kind.tipo);
    };
  }

  /** The kind registered as `tipo`, if any. */
  get(tipo: string): TaskKind | undefined {
    return this.kinds.get(tipo);
  }

  /** Every kind, by pt-BR label. */
  list(): TaskKind[] {
    return [...this.kinds.values()].sort((a, b) => a.descricao.localeCompare(b.descricao, 'pt-BR'));
  }

  /** The wire view of every kind (`GET agendamento/tipos`). */
  info(): TaskKindInfo[] {
    return this.list().map(({ tipo, descricao, escopo, periodoSugerido }) => ({ tipo, descricao, escopo, periodoSugerido }));
  }
}

/** The registry of this process (server, worker and tests share it per process). */
export const taskKinds = new TaskKindRegistry();

/**
 * Registers a task kind in the process registry; see `TaskKind`.
 * @returns a function that unregisters it
 * @example registerTaskKind({ tipo: 'SINCRONIZAR_AUTOR', descricao: 'Sincronizar autores do ERP', escopo: 'EMPRESA', periodoSugerido: '*\/30 * * * *', run: syncAuthors })
 */
export function registerTaskKind(kind: TaskKind): () => void {
  return taskKinds.register(kind);
}

/**
 * Every domain's task kinds, registered when this module loads (one line per domain, like
 * `routes.ts`'s API_ROUTES): the server, the worker and the tests see the same kinds.
 */
const DOMAIN_TASK_KINDS: TaskKind[][] = [CLEANUP_TASK_KINDS, ERP_TASK_KINDS, PRODUCT_IMPORT_TASK_KINDS];
for (const kinds of DOMAIN_TASK_KINDS) for (const kind of kinds) registerTaskKind(kind);
