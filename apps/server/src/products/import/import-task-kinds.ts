import type { TaskKind } from '../../schedules/task-kinds.ts';
import { deleteExpiredImports } from './import.service.ts';

/**
 * LIMPEZA_IMPORTACAO_PRODUTO: deletes product import previews and reports past their `expira_em`
 * (48 h after the upload or the confirmation). Every upload also runs the same clean-up first, so
 * previews expire even when no task is scheduled; an administrator may schedule it (not built in: the upload clean-up suffices).
 */
export const PRODUCT_IMPORT_TASK_KINDS: TaskKind[] = [
  {
    tipo: 'LIMPEZA_IMPORTACAO_PRODUTO',
    descricao: 'Limpeza das prévias de importação de produtos',
    escopo: 'SISTEMA',
    periodoSugerido: '45 2 * * *',
    builtIn: false,
    async run(ctx) {
      const n = await deleteExpiredImports(ctx.db);
      return `${n} importação(ões) expirada(s) excluída(s)`;
    },
  },
];
