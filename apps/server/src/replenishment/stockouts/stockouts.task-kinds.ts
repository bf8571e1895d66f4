import type { TaskKind } from '../../schedules/task-kinds.ts';
import { recordStockouts } from './stockouts.service.ts';

/**
 * The stockout history's daily look at the stock (issue 18; stockouts.service.ts), seeded as one
 * system-wide task: REGISTRO_RUPTURA_ESTOQUE, hourly at minute 55, of which the first run of each
 * America/Sao_Paulo day records the day and the others nothing — a server that is not up at a given
 * hour (a demo on a laptop) still records every day it runs.
 */
export const STOCKOUT_TASK_KINDS: TaskKind[] = [
  {
    tipo: 'REGISTRO_RUPTURA_ESTOQUE',
    descricao: 'Registro diário de ruptura de estoque',
    escopo: 'SISTEMA',
    periodoSugerido: '55 * * * *',
    builtIn: true,
    async run(ctx) {
      const r = await recordStockouts(ctx.db);
      return r.empresas === 0
        ? `${r.dia}: dia já registrado (ou nenhuma empresa com produtos do ERP)`
        : `${r.dia}: ${r.empresas} empresa(s), ${r.produtosSemEstoque} produto(s) sem estoque disponível`;
    },
  },
];
