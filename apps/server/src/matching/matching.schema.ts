import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema.ts';
import { publishers } from '../products/products.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * BISAC Subject Headings (BISG) imported by the customer (`POST categoria-bisac/importacao`); the list
 * is licensed, so nothing is seeded. `codigo` is 3 letters + 6 digits (`FIC009100`); `secao` its
 * first 3 letters (the major section: the product form's "BISAC category" picker lists the
 * `XXX000000` heading of each section, the "subcategory" picker the headings of one section);
 * `descricao` the pt-BR heading, `descricaoEn` the English one when the file has it.
 * Migration `0006_catalogue_matching.sql`; decisions in `docs/catalogue-matching.md`.
 */
export const bisacCategories = pgTable(
  'categoria_bisac',
  {
    code: varchar('codigo', { length: 9 }).primaryKey(),
    section: varchar('secao', { length: 3 }).notNull(),
    heading: varchar('descricao', { length: 300 }).notNull(),
    headingEn: varchar('descricao_en', { length: 300 }),
    updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('categoria_bisac_codigo_ck', sql`codigo ~ '^[A-Z]{3}[0-9]{6}$' AND secao = substr(codigo, 1, 3)`),
    index('categoria_bisac_busca_trgm').using('gin', sql`acervo_normalize(${t.code} || ' ' || ${t.heading} || ' ' || coalesce(${t.headingEn}, '')) gin_trgm_ops`),
    index('categoria_bisac_secao_idx').on(t.section, t.code),
  ],
);

/**
 * One saved match of an ERP code to Acervo's code, per company (`empresa_id`), kind (`tipo`:
 * CATEGORIA_BISAC, EDITORA, CONTRIBUICAO, ENCADERNACAO, SITUACAO) and ERP code (`codigo_erp`: the
 * ERP id of the subject, imprint, contribution type or product type, or the ERP's availability
 * code). EDITORA points at `editora` (`editora_id`) and carries the company's Metabooks and Bookinfo
 * flags for that ERP imprint; the other kinds hold Acervo's code (`codigo_acervo`: a
 * `categoria_bisac.codigo` or a `contribuicao` / `encadernacao` / `produto_situacao` `codigo`, kept
 * by value, not by id, so the lookups can be edited freely).
 */
export const productMatches = pgTable(
  'correspondencia_produto',
  {
    id: serial('id').primaryKey(),
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: varchar('tipo', { length: 20 }).notNull(),
    erpCode: varchar('codigo_erp', { length: 50 }).notNull(),
    acervoCode: varchar('codigo_acervo', { length: 20 }),
    publisherId: integer('editora_id').references(() => publishers.id, { onDelete: 'cascade' }),
    metabooks: boolean('ind_metabooks').notNull().default(false),
    bookinfo: boolean('ind_bookinfo').notNull().default(false),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('correspondencia_produto_tipo_ck', sql`tipo IN ('CATEGORIA_BISAC', 'EDITORA', 'CONTRIBUICAO', 'ENCADERNACAO', 'SITUACAO')`),
    check(
      'correspondencia_produto_alvo_ck',
      sql`CASE WHEN tipo = 'EDITORA' THEN editora_id IS NOT NULL AND codigo_acervo IS NULL ELSE editora_id IS NULL AND codigo_acervo IS NOT NULL END`,
    ),
    uniqueIndex('correspondencia_produto_uk').on(t.companyId, t.kind, t.erpCode),
    index('correspondencia_produto_editora_idx').on(t.publisherId),
  ],
);
