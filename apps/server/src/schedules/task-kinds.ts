import type { TaskKindInfo, TaskKindScope } from '@acervo/contracts';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

/** Logger given to a task (pino's methods; the worker process passes a console-backed one). */
export interface TaskLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a running task may use: the database, the configuration, the queue, a logger and the process's task kinds. */
export interface TaskContext {
  db: Db;
  database: Database;
  config: AppConfig;
  queue: JobQueue;
  log: TaskLogger;
  /** The kinds of this process (the scheduler looks a run's kind up here). */
  taskKinds: TaskKindRegistry;
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
 * A kind of scheduled task: what the "Tipo" select offers and what a run executes. A domain
 * exports its kinds as a list (`ERP_TASK_KINDS`, `PRODUCT_IMPORT_TASK_KINDS`…); the composition
 * root (`domains.ts`, TASK_KINDS) lists those, and `app.ts` / `worker.ts` build one
 * `TaskKindRegistry` from it and hand it to the scheduler (`TaskContext.taskKinds`) and the
 * schedules routes (`AppContext.taskKinds`). schedules/ itself imports no domain.
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
   * excluídas") or nothing (SUCESSO); with `taskWarning(message)` when part of the work failed and
   * the rest was done (AVISO, "Sucesso com avisos"); throws to record the run as ERRO with the
   * error's message (the next due time still comes). Should stop soon after `signal` aborts
   * (process shutdown) by throwing.
   */
  run(ctx: TaskContext, task: TaskRunInfo, signal: AbortSignal): Promise<TaskResult>;
}

/** A run that did its work with failures in part of it: recorded AVISO with `aviso` (pt-BR, naming what failed). */
export interface TaskWarning {
  aviso: string;
}

/** What a task kind's `run` resolves with: a summary (SUCESSO), nothing (SUCESSO) or a warning (AVISO). */
export type TaskResult = string | void | TaskWarning;

/** The result of a run whose work was done in part: recorded AVISO ("Sucesso com avisos") with `message`. */
export function taskWarning(message: string): TaskWarning {
  return { aviso: message };
}

const KIND_ID = /^[A-Z][A-Z0-9_]{0,59}$/;

/** The task kinds of one process, by `tipo`. */
export class TaskKindRegistry {
  private readonly kinds = new Map<string, TaskKind>();

  /**
   * @param kinds the kinds to register at once (the composition root's TASK_KINDS)
   * @throws Error as `register`
   */
  constructor(kinds: readonly TaskKind[] = []) {
    for (const kind of kinds) this.register(kind);
  }

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
