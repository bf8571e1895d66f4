import type { TaskKind } from '../schedules/task-kinds.ts';
import { clearExportQueue, expireExportFiles } from './exports.service.ts';

/**
 * The export queue's built-in clean-ups (issue 17 part 1), each seeded as one system-wide task:
 * - LIMPEZA_ARQUIVOS_EXPORTACAO (daily 03:30): deletes the files of exports finished more than
 *   the parameter "export file expiration days" ago; the items stay listed without a download;
 * - LIMPEZA_FILA_EXPORTACAO (daily 03:45): deletes the items older than the parameter "export
 *   queue clearing days" with their files, and marks ERRO the items left PROCESSANDO by a process
 *   that died.
 */
export const EXPORTS_TASK_KINDS: TaskKind[] = [
  {
    tipo: 'LIMPEZA_ARQUIVOS_EXPORTACAO',
    descricao: 'Expiração dos arquivos de exportação',
    escopo: 'SISTEMA',
    periodoSugerido: '30 3 * * *',
    builtIn: true,
    async run(ctx) {
      const n = await expireExportFiles({ db: ctx.db, dataDir: ctx.config.dataDir });
      return `${n} arquivo(s) de exportação expirado(s) excluído(s)`;
    },
  },
  {
    tipo: 'LIMPEZA_FILA_EXPORTACAO',
    descricao: 'Limpeza da fila de exportação',
    escopo: 'SISTEMA',
    periodoSugerido: '45 3 * * *',
    builtIn: true,
    async run(ctx) {
      const { deleted, interrupted } = await clearExportQueue({ db: ctx.db, dataDir: ctx.config.dataDir });
      return `${deleted} exportação(ões) antiga(s) excluída(s); ${interrupted} interrompida(s) marcada(s) com erro`;
    },
  },
];
