import { describeCron, type Schedule, type ScheduleRun } from '@acervo/contracts';
import type { ScheduledTaskRow, ScheduledTaskRunRow } from './schedules.repository.ts';
import type { TaskKindRegistry } from './task-kinds.ts';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/**
 * `agendamento` row → `scheduleSchema`: instants as ISO 8601, the kind's pt-BR label (its id when
 * the kind is no longer registered) and the period's pt-BR description (the period itself when it
 * cannot be described).
 * @param kinds the process's task kinds (`AppContext.taskKinds`), for the kind's label
 */
export function toSchedule(row: ScheduledTaskRow, kinds: TaskKindRegistry): Schedule {
  return {
    id: row.id,
    nome: row.name,
    tipo: row.kind,
    descricaoTipo: kinds.get(row.kind)?.descricao ?? row.kind,
    periodo: row.period,
    descricaoPeriodo: describeCron(row.period) ?? row.period,
    intervaloRepeticao: row.repeatMinutes,
    proximaExecucao: iso(row.nextRunAt),
    ativo: row.active,
    idEmpresa: row.companyId,
    sistema: row.systemKey !== null,
    ultimaExecucao: iso(row.lastRunAt),
    ultimoResultado: row.lastResult ?? null,
    ultimaDuracaoMs: row.lastDurationMs,
    ultimaMensagem: row.lastMessage,
  };
}

/** `agendamento_execucao` row → `scheduleRunSchema`. */
export function toScheduleRun(row: ScheduledTaskRunRow): ScheduleRun {
  return {
    id: row.id,
    idAgendamento: row.taskId,
    origem: row.origin,
    status: row.status,
    agendadoPara: row.dueAt.toISOString(),
    inicio: iso(row.startedAt),
    fim: iso(row.finishedAt),
    duracaoMs: row.durationMs,
    mensagem: row.message,
    solicitadoPor: row.requestedBy,
  };
}

/** The audited fields of a task, by wire name. */
export function auditSnapshot(schedule: Schedule): Record<string, unknown> {
  return {
    nome: schedule.nome,
    tipo: schedule.tipo,
    periodo: schedule.periodo,
    intervaloRepeticao: schedule.intervaloRepeticao,
    ativo: schedule.ativo,
    idEmpresa: schedule.idEmpresa,
  };
}
