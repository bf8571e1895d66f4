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
/** Reason of a lost sale or purchase suggestion (issue 16, `motivo-oportunidade`; seeded by migration 0012). */
export const opportunityReasons = simpleLookup('motivo_oportunidade');

/**
 * A coded lookup (SPEC "matching and lookup screens"): Acervo's own code (`codigo`, unique), a
 * pt-BR label (`nome`, unique) and the active flag. Seeded by migration 0005 from EDItEUR ONIX
 * code lists; the ERP correspondences map ERP codes onto `codigo`. Their `nome` is the one label
 * of an ONIX code wherever a user reads it (the pickers and the product's descriptions, issue 15).
 */
const codedLookup = (table: string) =>
  pgTable(table, {
    id: serial('id').primaryKey(),
    code: varchar('codigo', { length: 20 }).notNull().unique(),
    name: varchar('nome', { length: 150 }).notNull().unique(),
    active: boolean('ativo').notNull().default(true),
  });

/** Contributor role lookup, seeded from ONIX code list 17 (`A01` author, `B06` translator, ...). */
export const contributionTypes = codedLookup('contribuicao');
/** Binding / product form lookup, seeded from ONIX code list 150 (`BB` hardback, `BC` paperback, ...). */
export const bindings = codedLookup('encadernacao');
/** Product availability (situação) lookup, seeded from ONIX code list 65 (`20` available, ...). */
export const productSituations = codedLookup('produto_situacao');
