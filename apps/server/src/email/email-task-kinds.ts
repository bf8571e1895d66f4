import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { emailOutbox } from '../auth/auth.schema.ts';
import type { TaskKind } from '../schedules/task-kinds.ts';

/** Sent e-mails are kept this many days in `email_saida`, then deleted by LIMPEZA_EMAIL_SAIDA. */
export const EMAIL_OUTBOX_RETENTION_DAYS = 30;

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/**
 * The e-mail outbox's built-in clean-up (issue 6, part 5), seeded as one system-wide task and
 * listed by the composition root (`domains.ts`): LIMPEZA_EMAIL_SAIDA deletes e-mails of
 * `email_saida` sent more than EMAIL_OUTBOX_RETENTION_DAYS days ago (`enviado_em` set and older);
 * messages never sent (queued or failed) are kept.
 */
export const EMAIL_TASK_KINDS: TaskKind[] = [
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
];
