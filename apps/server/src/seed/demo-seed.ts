import { ROLES, SELLER_DEMO_ROLES, hashPassword } from '@acervo/contracts';
import type { Db } from '../db/client.ts';
import { companies } from '../companies/companies.schema.ts';
import { profileRoles, profiles } from '../profiles/profiles.schema.ts';
import { userCompanies, users } from '../users/users.schema.ts';
import { seedParameterDefaults } from '../parameters/parameters.service.ts';
import { hashClientPassword } from '../auth/password-hasher.ts';
import { seedDemoGoals } from '../goals/goals.seed.ts';

/**
 * Demo companies. CNPJs are valid (check digits computed) and fictitious.
 * Shown in docs/demo-data.md.
 */
export const DEMO_COMPANIES = [
  { name: 'Distribuidora Acervo Ltda', cnpj: '11222333000181', description: 'Distribuidora de livros (demonstração)', erpCode: 'DEMO01' },
  { name: 'Editora Acervo S.A.', cnpj: '44555666000181', description: 'Editora (demonstração)', erpCode: 'DEMO02' },
] as const;

/**
 * Seeds an empty database (issue 2): parameter defaults; two companies; profile
 * "Administrador" with every role of the catalogue and profile "Vendedor" with SELLER_DEMO_ROLES;
 * user `admin`/`admin` with Administrador in both companies; user `vendedor`/`vendedor` with
 * Vendedor in the first company only; demo goals of both companies for the previous and the
 * current year (`seedDemoGoals`). Runs in one transaction.
 * @param options.appUrl the value of "URL do sistema" (`URL_APLICACAO`) when no parameter row exists
 *   yet: `applicationUrl(config)` (PUBLIC_URL, else http://localhost:PORT)
 * @returns the ids created, for tests
 */
export async function seedDemoData(db: Db, options: { appUrl?: string } = {}): Promise<{ companyIds: number[]; adminId: number; sellerId: number }> {
  const [adminHash, sellerHash] = await Promise.all([hashClientPassword(hashPassword('admin')), hashClientPassword(hashPassword('vendedor'))]);
  return db.transaction(async (tx) => {
    await seedParameterDefaults(tx, options.appUrl ? { URL_APLICACAO: options.appUrl } : {});
    const companyRows = await tx
      .insert(companies)
      .values(DEMO_COMPANIES.map((c) => ({ ...c, apiAccess: false })))
      .returning({ id: companies.id });
    const [adminProfile] = await tx.insert(profiles).values({ name: 'Administrador', description: 'Todas as permissões' }).returning({ id: profiles.id });
    const [sellerProfile] = await tx.insert(profiles).values({ name: 'Vendedor', description: 'Terminal e relatórios de faturamento e estoque' }).returning({ id: profiles.id });
    await tx.insert(profileRoles).values([
      ...ROLES.map((role) => ({ profileId: adminProfile.id, role })),
      ...SELLER_DEMO_ROLES.map((role) => ({ profileId: sellerProfile.id, role })),
    ]);
    const [admin] = await tx
      .insert(users)
      .values({ name: 'Administrador', login: 'admin', email: 'admin@acervo.local', passwordHash: adminHash, lastCompanyId: companyRows[0].id })
      .returning({ id: users.id });
    const [seller] = await tx
      .insert(users)
      .values({ name: 'Vendedor Demonstração', login: 'vendedor', email: 'vendedor@acervo.local', passwordHash: sellerHash, isSeller: true, lastCompanyId: companyRows[0].id })
      .returning({ id: users.id });
    await tx.insert(userCompanies).values([
      ...companyRows.map((c) => ({ userId: admin.id, companyId: c.id, profileId: adminProfile.id })),
      { userId: seller.id, companyId: companyRows[0].id, profileId: sellerProfile.id },
    ]);
    await seedDemoGoals(tx, companyRows.map((c) => c.id), [new Date().getFullYear() - 1, new Date().getFullYear()]);
    return { companyIds: companyRows.map((c) => c.id), adminId: admin.id, sellerId: seller.id };
  });
}
