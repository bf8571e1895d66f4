import { isNotNull, lt, or, sql } from 'drizzle-orm';
import type { TaskKind } from '../schedules/task-kinds.ts';
import { passwordResets, sessions } from './auth.schema.ts';

/**
 * The sign-in's built-in clean-ups (issue 6, part 5), each seeded as one system-wide task and
 * listed by the composition root (`domains.ts`):
 * - LIMPEZA_SESSOES: deletes sessions (`sessao`) that expired (`expira_em` past) or were revoked
 *   (logout, refresh, idle time, deactivated user) — their tokens already answer 401, and still do
 *   once the row is gone;
 * - LIMPEZA_REDEFINICAO_SENHA: deletes password reset tokens (`redefinicao_senha`) already used or
 *   expired.
 */
export const AUTH_TASK_KINDS: TaskKind[] = [
  {
    tipo: 'LIMPEZA_SESSOES',
    descricao: 'Limpeza de sessões expiradas ou encerradas',
    escopo: 'SISTEMA',
    periodoSugerido: '0 3 * * *',
    builtIn: true,
    async run(ctx) {
      const deleted = await ctx.db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, sql`now()`), isNotNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return `${deleted.length} sessão(ões) expirada(s) ou encerrada(s) excluída(s)`;
    },
  },
  {
    tipo: 'LIMPEZA_REDEFINICAO_SENHA',
    descricao: 'Limpeza de pedidos de redefinição de senha usados ou vencidos',
    escopo: 'SISTEMA',
    periodoSugerido: '15 3 * * *',
    builtIn: true,
    async run(ctx) {
      const deleted = await ctx.db
        .delete(passwordResets)
        .where(or(isNotNull(passwordResets.usedAt), lt(passwordResets.expiresAt, sql`now()`)))
        .returning({ id: passwordResets.id });
      return `${deleted.length} pedido(s) de redefinição de senha usado(s) ou vencido(s) excluído(s)`;
    },
  },
];
