import { boolean, pgTable, serial, varchar } from 'drizzle-orm/pg-core';

const simpleLookup = (table: string) =>
  pgTable(table, {
    id: serial('id').primaryKey(),
    name: varchar('nome', { length: 150 }).notNull().unique(),
    active: boolean('ativo').notNull().default(true),
  });

/** Age range lookup (SPEC "Simple lookups": id, name, active). */
export const ageRanges = simpleLookup('faixa_etaria');
/** Target audience lookup. */
export const targetAudiences = simpleLookup('publico_alvo');
/** Content rating lookup (classificação indicativa). */
export const contentRatings = simpleLookup('classificacao_indicativa');
/** Product line lookup. */
export const productLines = simpleLookup('linha_produto');
