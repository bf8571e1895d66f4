import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema.ts';

/**
 * A company's extra closing day (migration 0016, docs/dashboard.md "Business days"): a day the
 * company does not work although @brazilian-utils/brazilian-utils counts it as a business day
 * (Carnaval Monday, Ash Wednesday morning, a local holiday). `periodo` INTEGRAL closes the whole
 * day (0 business days), MANHA the morning only (½ business day). One row per (company, day);
 * seeded by a trigger for every company with Carnaval Monday and Ash Wednesday of 2024-2030.
 */
export const companyClosingDays = pgTable(
  'empresa_dia_fechamento',
  {
    id: serial('id').primaryKey(),
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('data', { mode: 'string' }).notNull(),
    description: varchar('descricao', { length: 100 }).notNull(),
    period: varchar('periodo', { length: 10 }).notNull().default('INTEGRAL'),
  },
  (t) => [uniqueIndex('empresa_dia_fechamento_empresa_data_uk').on(t.companyId, t.day), check('empresa_dia_fechamento_periodo_ck', sql`${t.period} IN ('INTEGRAL', 'MANHA')`)],
);
