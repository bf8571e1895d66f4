import { sql } from 'drizzle-orm';
import { REQUIRED } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { DomainError } from '../shared/errors.ts';

/** HTTP 409 message when a change would leave no active administrator. */
export const LAST_ADMINISTRATOR_MESSAGE =
  'Operação não permitida: o sistema ficaria sem nenhum administrador ativo (usuário ativo com a permissão de perfis em uma empresa ativa).';

/** Advisory lock serialising the changes that can remove an administrator. */
const ADMINISTRATORS_LOCK = 720432;

/**
 * Number of administrators: active users whose profile, in at least one active company, is active
 * and grants a role containing ROLE_VISUALIZAR_PERFIL (whoever holds it can give every permission
 * back, so the system can always be administered).
 */
export async function countAdministrators(db: Executor): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(DISTINCT u.id)::int AS n
    FROM usuario u
    JOIN usuario_empresa ue ON ue.usuario_id = u.id
    JOIN empresa e ON e.id = ue.empresa_id AND e.ativo
    JOIN perfil p ON p.id = ue.perfil_id AND p.ativo
    JOIN perfil_permissao pp ON pp.perfil_id = p.id AND position(${REQUIRED.perfil} in pp.role) > 0
    WHERE u.ativo`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}

/**
 * Call inside the transaction of a change that may remove an administrator (deactivating or
 * deleting a user, company or profile, changing a user's links, removing a profile's roles),
 * AFTER the change: takes a transaction-scoped advisory lock (so two concurrent changes cannot
 * each remove one of the last two) and counts what is left.
 * @throws DomainError CONFLICT (409, LAST_ADMINISTRATOR_MESSAGE) when none would remain; the
 *   caller's transaction then rolls back and nothing is written
 */
export async function assertAdministratorRemains(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMINISTRATORS_LOCK})`);
  if ((await countAdministrators(tx)) === 0) throw new DomainError('CONFLICT', LAST_ADMINISTRATOR_MESSAGE);
}
