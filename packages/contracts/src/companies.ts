import { z } from 'zod';
import { cnpjField } from './cnpj.ts';
import { listQuerySchema, pagedListSchema, text } from './common.ts';

/**
 * Company as the API answers it (SPEC section 3 "Company", issue 6 wire names): `cnpj` is the
 * stored form, 14 upper-case characters without punctuation (numeric or the 2026 alphanumeric
 * format; mask it with `formatCnpj` to show it); `description`, `codigoErp` null when not set;
 * `acessoApi` allows the company's API logins (parameters screen).
 */
export const companySchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  description: z.string().nullable(),
  cnpj: z.string(),
  codigoErp: z.string().nullable(),
  ativo: z.boolean(),
  acessoApi: z.boolean(),
});
/** One company. */
export type Company = z.infer<typeof companySchema>;

/**
 * Why a company save carries a warning (issue 15, defect 6; the save itself succeeded):
 * CODIGO_ERP_DESCONHECIDO the ERP does not list the company's `codigoErp` (it will not sync until
 * the ERP has it); ERP_INDISPONIVEL the ERP could not be asked (it may be configured later).
 */
export const COMPANY_ERP_WARNINGS = ['CODIGO_ERP_DESCONHECIDO', 'ERP_INDISPONIVEL'] as const;
/** A kind of company-save warning. */
export type CompanyErpWarningKind = (typeof COMPANY_ERP_WARNINGS)[number];

/** A company-save warning: its kind, the ERP code it is about and the pt-BR text (the web translates by `tipo`). */
export const companyErpWarningSchema = z.object({
  tipo: z.enum(COMPANY_ERP_WARNINGS),
  codigoErp: z.string(),
  mensagem: z.string(),
});
/** A company-save warning. */
export type CompanyErpWarning = z.infer<typeof companyErpWarningSchema>;

/** pt-BR text of a company-save warning; `detail` (the ERP's answer) follows ERP_INDISPONIVEL. */
export function companyErpWarningMessage(tipo: CompanyErpWarningKind, codigoErp: string, detail = ''): string {
  return tipo === 'CODIGO_ERP_DESCONHECIDO'
    ? `Empresa salva, mas o ERP não conhece o código "${codigoErp}": ela não será sincronizada até o código existir no ERP.`
    : `Empresa salva, mas não foi possível conferir o código "${codigoErp}" no ERP${detail ? `: ${detail}` : '.'}`;
}

/**
 * Answer of `POST system/company` and `PUT system/company/{id}`: the company as stored, plus
 * `aviso` when the save succeeded but the ERP does not know (or could not confirm) its `codigoErp`
 * (only with an ERP integration configured and a code set).
 */
export const companySaveResponseSchema = companySchema.extend({ aviso: companyErpWarningSchema.optional() });
/** Answer of a company save. */
export type CompanySaveResponse = z.infer<typeof companySaveResponseSchema>;

/** Page of `GET system/company`. */
export const companyPageSchema = pagedListSchema(companySchema);

/** Fields `GET system/company` sorts by (`sorter=campo,asc|desc`): every column of the list. */
export const COMPANY_SORT_FIELDS = ['nome', 'cnpj', 'codigoErp', 'acessoApi', 'ativo'] as const;

/**
 * `GET system/company?page&pageSize&sorter&term&status`: `term` matches name, description, CNPJ
 * (typed with or without the mask) and ERP code, ignoring case and accents; `status` true/false
 * (or ATIVO/INATIVO) filters by `ativo`.
 */
export const companyListQuerySchema = listQuerySchema;
/** Query of `GET system/company`. */
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

/**
 * Body of `POST system/company` and `PUT system/company/{id}` (also the form's schema): `nome`
 * required (≤ 150), `cnpj` numeric or alphanumeric with valid check digits (mask optional, any
 * letter case; stored normalised), `description` ≤ 1000 and `codigoErp` ≤ 50 optional (blank =
 * none), `ativo` (default true on create) and `acessoApi` (default false). Unknown fields → 400.
 */
export const companyRequestSchema = z.strictObject({
  nome: text({ min: 1, max: 150 }),
  description: text({ max: 1000, multiline: true }).optional(),
  cnpj: cnpjField(),
  codigoErp: text({ max: 50 }).optional(),
  ativo: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
  acessoApi: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
});
/** Parsed body of a company save. */
export type CompanyRequest = z.infer<typeof companyRequestSchema>;
/** What the company form holds before parsing (the typed CNPJ may be masked). */
export type CompanyRequestInput = z.input<typeof companyRequestSchema>;

/** 409 message (field `cnpj`) for a CNPJ another company already has. */
export const DUPLICATE_CNPJ_MESSAGE = 'Já existe uma empresa com este CNPJ.';
/** Start of the 409 message of a company that cannot be deleted; the linked records follow. */
export const COMPANY_IN_USE_MESSAGE = 'A empresa não pode ser excluída porque há registros vinculados a ela';
