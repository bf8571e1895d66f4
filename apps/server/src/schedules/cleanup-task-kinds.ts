import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import { emailOutbox, passwordResets, sessions } from '../auth/auth.schema.ts';
import type { TaskKind } from './task-kinds.ts';

/** Sent e-mails are kept this many days in `email_saida`, then deleted by LIMPEZA_EMAIL_SAIDA. */
export const EMAIL_OUTBOX_RETENTION_DAYS = 30;

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/**
 * Built-in clean-up kinds (issue 6, part 5), each seeded as one system-wide task:
 * - LIMPEZA_EMAIL_SAIDA: deletes e-mails of `email_saida` sent more than EMAIL_OUTBOX_RETENTION_DAYS
 *   days ago (`enviado_em` set and older); messages never sent (queued or failed) are kept;
 * - LIMPEZA_SESSOES: deletes sessions (`sessao`) that expired (`expira_em` past) or were revoked
 *   (logout, refresh, idle time, deactivated user) — their tokens already answer 401, and still do
 *   once the row is gone;
 * - LIMPEZA_REDEFINICAO_SENHA: deletes password reset tokens (`redefinicao_senha`) already used or
 *   expired.
 */
export const CLEANUP_TASK_KINDS: TaskKind[] = [
  {
    tipo: 'LIMPEZA_EMAIL_SAIDA',
    descricao: 'Limpeza da caixa de saída de e-mails',
    escopo: 'SISTEMA',
    periodoSugerido: '30 2 * * *',
    builtIn: true,
    async run(ctx) {
      const deleted = await ctx.db
        .delete(emailOutbox)
        .where(and(isNotNull(emailOutbox.sentAt), lt(emailOutbox.sentAt, daysAgo(EMAIL_OUTBOX_RETENTION_DAYS))))
        .returning({ id: emailOutbox.id });
      return `${deleted.length} e-mail(s) enviado(s) há mais de ${EMAIL_OUTBOX_RETENTION_DAYS} dias excluído(s)`;
    },
  },
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
