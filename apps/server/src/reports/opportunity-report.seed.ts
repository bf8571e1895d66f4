import { inArray } from 'drizzle-orm';
import { DEFAULT_OPPORTUNITY_REASONS, normalizeIsbn13 } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { opportunities } from '../opportunities/opportunities.schema.ts';
import { opportunityReasons } from '../lookups/lookups.schema.ts';

/** ISBN-13 of a 12-digit body (check digit computed). */
function isbn13(body: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

/**
 * The demo's registrations: titles customers asked for at the counter that the distributor does
 * not carry (typed at the Terminal with EAN and title, no catalogue product), each
 * [title, 12-digit ISBN body or null, lost sale / purchase suggestion, reason, copies, observation].
 */
const DEMO_REGISTRATIONS: readonly [string, string | null, 'VENDA_PERDIDA' | 'SUGESTAO_COMPRA', (typeof DEFAULT_OPPORTUNITY_REASONS)[number], number, string | null][] = [
  ['Torto Arado', '978655921011', 'VENDA_PERDIDA', 'Título não cadastrado', 3, 'Cliente pediu a edição de bolso.'],
  ['Torto Arado', '978655921011', 'VENDA_PERDIDA', 'Título não cadastrado', 1, null],
  ['Torto Arado', '978655921011', 'SUGESTAO_COMPRA', 'Título não cadastrado', 10, 'Clube de leitura da escola quer 10 exemplares.'],
  ['O Avesso da Pele', '978853593426', 'VENDA_PERDIDA', 'Título não cadastrado', 2, null],
  ['Grande Sertão: Veredas', '978853591612', 'VENDA_PERDIDA', 'Edição esgotada', 1, 'Queria a edição comemorativa.'],
  ['Quarto de Despejo', '978850807108', 'SUGESTAO_COMPRA', 'Título não cadastrado', 5, 'Adotado no vestibular.'],
  ['Quarto de Despejo', '978850807108', 'VENDA_PERDIDA', 'Título não cadastrado', 2, null],
  ['A Hora da Estrela', '978853252812', 'VENDA_PERDIDA', 'Prazo de entrega', 1, 'Precisava para amanhã.'],
  ['Box Harry Potter (capa dura)', null, 'SUGESTAO_COMPRA', 'Preço', 2, 'Pediu orçamento do box completo.'],
  ['Mapas do Brasil para colorir', null, 'VENDA_PERDIDA', 'Título não cadastrado', 4, null],
];

/**
 * Seeds a few realistic lost sales and purchase suggestions in the demo companies (issue 17 part
 * 4), so the opportunities report is not empty on a fresh `npm start`: DEMO_REGISTRATIONS spread
 * over the last 45 days, alternately by the administrator and the seller (the seller's only in
 * the first company). Called once, with the demo data, into an empty database.
 */
export async function seedDemoOpportunities(db: Executor, seed: { companyIds: number[]; adminId: number; sellerId: number }, now: Date = new Date()): Promise<void> {
  const reasons = await db.select({ id: opportunityReasons.id, nome: opportunityReasons.name }).from(opportunityReasons).where(inArray(opportunityReasons.name, [...DEFAULT_OPPORTUNITY_REASONS]));
  const reasonId = (nome: string) => reasons.find((r) => r.nome === nome)?.id;
  const rows = DEMO_REGISTRATIONS.flatMap(([description, body, type, reason, quantity, observation], i) => {
    const id = reasonId(reason);
    if (id === undefined) return [];
    const companyId = seed.companyIds[i % 4 === 3 ? 1 : 0]!;
    const userId = companyId === seed.companyIds[0] && i % 2 === 1 ? seed.sellerId : seed.adminId;
    const createdAt = new Date(now.getTime() - (2 + ((i * 7) % 44)) * 86_400_000 - ((i * 97) % 600) * 60_000);
    return [{ companyId, userId, productId: null, ean: body ? normalizeIsbn13(isbn13(body)) : null, description, quantity, type, reasonId: id, observation, createdAt }];
  });
  if (rows.length > 0) await db.insert(opportunities).values(rows);
}
