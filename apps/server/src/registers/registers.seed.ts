import type { Executor } from '../db/client.ts';
import { ageRanges, contentRatings, productLines, targetAudiences } from '../lookups/lookups.schema.ts';

/**
 * Values of the four auxiliary registers the demo starts with (issue 15, defect 12), so the product
 * form's pickers and the register screens can be tried at once. Real values: the age bands
 * publishers print on children's and young-adult books, the audiences of a distributor's
 * catalogue, the Brazilian content rating scale (ClassInd, Ministério da Justiça: Livre, 10, 12,
 * 14, 16 and 18 anos) and typical product lines of a book distributor.
 */
export const DEMO_REGISTER_VALUES = {
  faixaEtaria: ['0 a 3 anos', '4 a 6 anos', '7 a 9 anos', '10 a 12 anos', '13 a 17 anos', 'Adulto'],
  publicoAlvo: ['Infantil', 'Juvenil', 'Adulto', 'Estudantes do ensino fundamental', 'Estudantes do ensino médio', 'Universitário', 'Profissional'],
  classificacaoIndicativa: [
    'Livre para todos os públicos',
    'Não recomendado para menores de 10 anos',
    'Não recomendado para menores de 12 anos',
    'Não recomendado para menores de 14 anos',
    'Não recomendado para menores de 16 anos',
    'Não recomendado para menores de 18 anos',
  ],
  linhaProduto: ['Literatura brasileira', 'Literatura estrangeira', 'Infantojuvenil', 'Didáticos', 'Técnicos e profissionais', 'Não ficção', 'Religião e espiritualidade'],
} as const;

/**
 * Seeds DEMO_REGISTER_VALUES into the four auxiliary registers (active); a name already there is
 * kept as it is. Called by the demo seed on an empty database.
 */
export async function seedDemoRegisters(db: Executor): Promise<void> {
  const rows = (values: readonly string[]) => values.map((name) => ({ name }));
  await db.insert(ageRanges).values(rows(DEMO_REGISTER_VALUES.faixaEtaria)).onConflictDoNothing();
  await db.insert(targetAudiences).values(rows(DEMO_REGISTER_VALUES.publicoAlvo)).onConflictDoNothing();
  await db.insert(contentRatings).values(rows(DEMO_REGISTER_VALUES.classificacaoIndicativa)).onConflictDoNothing();
  await db.insert(productLines).values(rows(DEMO_REGISTER_VALUES.linhaProduto)).onConflictDoNothing();
}
