import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/** How the 409 of a blocked delete names the tables it knows; others by their table name. */
export const REFERENCE_LABELS: Record<string, string> = {
  usuario_empresa: 'usuários',
  usuario: 'usuários',
  meta: 'metas',
  acesso_api: 'acessos de API',
  parametro_acesso_api: 'acessos de API',
  agendamento: 'agendamentos',
  log_integracao: 'log de integração',
  fila_integracao: 'fila de integração',
  registro_rejeitado: 'registros rejeitados do ERP',
};

/** The label of a referring table: REFERENCE_LABELS, 'dados do ERP' for every `erp_*` table, else its name. */
export function referenceLabel(table: string): string {
  return REFERENCE_LABELS[table] ?? (table.startsWith('erp_') ? 'dados do ERP' : table);
}

/**
 * What still refers to a record: every single-column foreign key that points at `table` in the
 * database (read from `pg_constraint`, so tables other domains add later are covered without a
 * change here), except the `ignored` ones (`tabela.coluna`), checked for a row with this id.
 * @returns labels of the referring tables (e.g. ['usuários', 'metas']), empty when none
 */
export async function recordReferences(db: Executor, table: 'empresa' | 'usuario', id: number, ignored: ReadonlySet<string>): Promise<string[]> {
  const result = await db.execute<{ tabela: string; coluna: string }>(sql`
    SELECT cl.relname AS tabela, a.attname AS coluna
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND c.confrelid = ${table}::regclass AND array_length(c.conkey, 1) = 1
    ORDER BY cl.relname, a.attname`);
  const refs = (result as unknown as { rows: { tabela: string; coluna: string }[] }).rows;
  const labels: string[] = [];
  for (const { tabela, coluna } of refs) {
    if (ignored.has(`${tabela}.${coluna}`)) continue;
    const found = await db.execute(sql`SELECT 1 FROM ${sql.identifier(tabela)} WHERE ${sql.identifier(coluna)} = ${id} LIMIT 1`);
    if ((found as unknown as { rows: unknown[] }).rows.length > 0) {
      const label = referenceLabel(tabela);
      if (!labels.includes(label)) labels.push(label);
    }
  }
  return labels;
}
