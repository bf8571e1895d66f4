import type { TaskKind } from '../../schedules/task-kinds.ts';
import { deleteExpiredCalculations } from './calculation.service.ts';

/**
 * The calculation's built-in clean-up (issue 18 Part 2), seeded as one system-wide task:
 * LIMPEZA_CALCULO_REPOSICAO (hourly, minute 50) deletes the stored calculations past their
 * `expira_em` (24 hours; none once a replacement was generated from them) with their lines.
 */
export const REPLENISHMENT_TASK_KINDS: TaskKind[] = [
  {
    tipo: 'LIMPEZA_CALCULO_REPOSICAO',
    descricao: 'Limpeza dos cálculos de reposição expirados',
    escopo: 'SISTEMA',
    periodoSugerido: '50 * * * *',
    builtIn: true,
    async run(ctx) {
      const n = await deleteExpiredCalculations(ctx.db);
      return `${n} cálculo(s) de reposição expirado(s) excluído(s)`;
    },
  },
];
