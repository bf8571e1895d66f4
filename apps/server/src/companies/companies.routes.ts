import { z } from 'zod';
import {
  REQUIRED,
  activeStateSchema,
  companyListQuerySchema,
  companyPageSchema,
  companyRequestSchema,
  companySaveResponseSchema,
  companySchema,
  errorBodySchema,
  idNomeSchema,
  idParams,
  messageResponseSchema,
  type Company,
  type CompanySaveResponse,
} from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { requireAuth } from '../auth/auth-guard.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { createCompany, deleteCompany, getCompany, listCompaniesOfUser, listOwnCompanies, searchCompanies, toggleCompany, updateCompanyById } from './companies.service.ts';

/** Answer of a successful `DELETE system/company/{id}` (SPEC 8 success message). */
export const COMPANY_DELETED_MESSAGE = 'Empresa excluída com sucesso!';

/**
 * Company routes (SPEC section 7 and issue 6 part 1), under `/api/core-api`, all authenticated:
 * - `GET system/company/usuario/{userId}` → `[{id, nome}]` active companies of that user
 *   (self, or any user with ROLE_VISUALIZAR_USUARIO; 403 otherwise; 404 unknown user)
 * - `GET system/company/empresaSelect` → `[{id, nome}]` the caller's own active companies
 * With ROLE_VISUALIZAR_EMPRESA (403 without it, before any validation):
 * - `GET system/company?page&pageSize&sorter&term&status` → paged `companySchema`
 * - `POST system/company` `companyRequestSchema` → the company created; with `aviso`
 *   (`companyErpWarning`: CODIGO_ERP_DESCONHECIDO / ERP_INDISPONIVEL) when an ERP integration is
 *   configured and it does not list the company's `codigoErp` (still 200: the ERP may be set up later)
 * - `GET system/company/{id}` → the company (404 absent)
 * - `PUT system/company/{id}` `companyRequestSchema` → the company saved, `aviso` as on create (404 absent)
 * - `PUT system/company/inativa/{id}` → `{id, ativo}` the new state (a toggle)
 * - `DELETE system/company/{id}` → `{message}`; 409 while users or other records refer to it
 * 400 names the field (CNPJ with a wrong check digit: `cnpj`, 'CNPJ inválido'); 409 on `cnpj`
 * for a duplicate CNPJ; 409 when the change would leave no active administrator.
 */
export const companiesRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.empresa };
  const tags = ['empresa'];
  const security = [{ bearer: [] }];
  /** The saved company, with `aviso` when the ERP does not know (or could not confirm) its code. */
  const withErpWarning = async (company: Company): Promise<CompanySaveResponse> => {
    const aviso = await ctx.checkCompanyErpCode(company.codigoErp);
    return aviso ? { ...company, aviso } : company;
  };

  api.get(
    '/system/company/usuario/:userId',
    {
      schema: { tags, summary: 'Empresas ativas vinculadas a um usuário', security, params: idParams('userId'), response: { 200: z.array(idNomeSchema), ...AUTH_ERRORS, 404: errorBodySchema } },
    },
    async (request) => listCompaniesOfUser(ctx.db, requireAuth(request), request.params.userId),
  );

  api.get(
    '/system/company/empresaSelect',
    { schema: { tags, summary: 'Empresas ativas do usuário logado (seletor da barra superior)', security, response: { 200: z.array(idNomeSchema), ...AUTH_ERRORS } } },
    async (request) => listOwnCompanies(ctx.db, requireAuth(request)),
  );

  api.get(
    '/system/company',
    { schema: { tags, summary: 'Empresas (paginado)', security, querystring: companyListQuerySchema, response: { 200: companyPageSchema, ...AUTH_ERRORS } }, config },
    async (request) => searchCompanies(ctx.db, request.query),
  );

  api.post(
    '/system/company',
    { schema: { tags, summary: 'Cadastra uma empresa', security, body: companyRequestSchema, response: { 200: companySaveResponseSchema, ...AUTH_ERRORS, 409: errorBodySchema } }, config },
    async (request) => withErpWarning(await createCompany(ctx.db, requireAuth(request), request.body)),
  );

  api.get(
    '/system/company/:id',
    { schema: { tags, summary: 'Uma empresa', security, params: idParams(), response: { 200: companySchema, ...AUTH_ERRORS, 404: errorBodySchema } }, config },
    async (request) => getCompany(ctx.db, request.params.id),
  );

  api.put(
    '/system/company/:id',
    {
      schema: { tags, summary: 'Altera uma empresa', security, params: idParams(), body: companyRequestSchema, response: { 200: companySaveResponseSchema, ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema } },
      config,
    },
    async (request) => withErpWarning(await updateCompanyById(ctx.db, requireAuth(request), request.params.id, request.body)),
  );

  api.put(
    '/system/company/inativa/:id',
    {
      schema: { tags, summary: 'Ativa ou inativa uma empresa (alterna; responde o novo estado)', security, params: idParams(), response: { 200: activeStateSchema, ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema } },
      config,
    },
    async (request) => toggleCompany(ctx.db, requireAuth(request), request.params.id),
  );

  api.delete(
    '/system/company/:id',
    {
      schema: { tags, summary: 'Exclui uma empresa sem registros vinculados', security, params: idParams(), response: { 200: messageResponseSchema, ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema } },
      config,
    },
    async (request) => {
      await deleteCompany(ctx.db, requireAuth(request), request.params.id);
      return { message: COMPANY_DELETED_MESSAGE };
    },
  );
};
