import { z } from 'zod';
import { listQuerySchema, pagedListSchema, text } from './common.ts';
import { REQUIRED, pickerReadRoles } from './roles.ts';
import type { AuditEntity } from './audit.ts';

/**
 * One simple register (issue 8 part 2 and the lookups of part 3): the wire-level part of its
 * definition, shared by the server (routes, roles, audit) and the web (screen, API calls, texts).
 * A new register is one entry here plus its table/product column on the server
 * (`apps/server/src/registers/register-definitions.ts`), its screen in `route-modules.ts` and its
 * texts in `apps/web/src/features/registers/i18n.ts`.
 * - `routeId`: the APP_ROUTES id of its screen (also the i18n key `registers.<routeId>.*`).
 * - `apiPath`: path under `/api/core-api` (`GET` paged, `POST`, `PUT /{id}`, `DELETE /{id}`,
 *   `PUT /inativa/{id}`).
 * - `entity`: the audit entity (`GET auditoria?entidade=`).
 * - `role`: role text every call requires.
 * - `hasCode`: the record carries a unique `codigo` (lookups seeded from ONIX code lists).
 * - `codeMaxLength`: longest `codigo` accepted when `hasCode`: the width of the product column
 *   that stores it (`produto_contribuidor.tipo_contribuicao` and `produto.situacao` are 3 wide).
 * - `readRoles`: who may list it when more callers than its own role and the product form's need
 *   it (see `registerReadRoles`); an empty list opens the list to every signed-in user.
 */
export interface RegisterDefinition {
  routeId: string;
  apiPath: string;
  entity: AuditEntity;
  role: string;
  hasCode: boolean;
  codeMaxLength?: number;
  readRoles?: readonly string[];
}

/** Every simple register, by a stable key (English code identifier). */
export const REGISTERS = {
  ageRange: { routeId: 'ageRange', apiPath: 'faixa-etaria', entity: 'faixa-etaria', role: REQUIRED.cadastrosAuxiliares, hasCode: false },
  targetAudience: { routeId: 'targetAudience', apiPath: 'publico-alvo', entity: 'publico-alvo', role: REQUIRED.cadastrosAuxiliares, hasCode: false },
  contentRating: { routeId: 'contentRating', apiPath: 'classificacao-indicativa', entity: 'classificacao-indicativa', role: REQUIRED.cadastrosAuxiliares, hasCode: false },
  productLine: { routeId: 'productLine', apiPath: 'linha-produto', entity: 'linha-produto', role: REQUIRED.cadastrosAuxiliares, hasCode: false },
  contributions: { routeId: 'contributions', apiPath: 'contribuicao', entity: 'contribuicao', role: REQUIRED.correspondencia, hasCode: true, codeMaxLength: 3 },
  bindings: { routeId: 'bindings', apiPath: 'encadernacao', entity: 'encadernacao', role: REQUIRED.correspondencia, hasCode: true, codeMaxLength: 20 },
  productStatus: { routeId: 'productStatus', apiPath: 'produto-situacao', entity: 'produto-situacao', role: REQUIRED.correspondencia, hasCode: true, codeMaxLength: 3 },
  // Reasons of a lost sale / purchase suggestion (issue 16): the Terminal's dialog picks from the
  // list and the opportunities report (open to every signed-in user) filters by it, so any
  // signed-in user reads it; the auxiliary registers' role maintains it.
  opportunityReason: { routeId: 'opportunityReason', apiPath: 'motivo-oportunidade', entity: 'motivo-oportunidade', role: REQUIRED.cadastrosAuxiliares, hasCode: false, readRoles: [] },
} as const satisfies Record<string, RegisterDefinition>;

/**
 * Who may call `GET <register>`: the register's `readRoles` when it has them (an empty list: every
 * signed-in user), otherwise its own role or the product form's (`pickerReadRoles`).
 * @returns role texts any one of which grants the read (`hasRole` with a list; empty = open)
 */
export function registerReadRoles(definition: RegisterDefinition): readonly string[] {
  return definition.readRoles ?? pickerReadRoles(definition.role);
}

/** Key of one register of `REGISTERS`. */
export type RegisterKey = keyof typeof REGISTERS;
/** Every register key, in menu order. */
export const REGISTER_KEYS = Object.keys(REGISTERS) as RegisterKey[];

/** Longest `nome` of a register record (the column is varchar(150)). */
export const REGISTER_NAME_MAX_LENGTH = 150;

/**
 * A register record as the API answers it: `{id, nome, ativo}`, plus `codigo` for the coded
 * lookups (`codigo` is absent, not null, on the others).
 */
export const registerRecordSchema = z.object({
  id: z.number().int(),
  codigo: z.string().optional(),
  nome: z.string(),
  ativo: z.boolean(),
});
/** One register record. */
export type RegisterRecord = z.infer<typeof registerRecordSchema>;

/** Page of `GET <register>`. */
export const registerPageSchema = pagedListSchema(registerRecordSchema);

/** Fields `GET <register>` sorts by (`sorter=campo,asc|desc`); `codigo` only on coded ones. */
export const REGISTER_SORT_FIELDS = ['codigo', 'nome', 'ativo'] as const;

/**
 * `GET <register>?page&pageSize&sorter&term&status`: `term` matches the name (and the code when
 * the register has one), ignoring case and accents; `status` true/false (or ATIVO/INATIVO).
 */
export const registerListQuerySchema = listQuerySchema;
/** Query of `GET <register>`. */
export type RegisterListQuery = z.infer<typeof registerListQuerySchema>;

/**
 * Body of `POST <register>` / `PUT <register>/{id}` for a register without a code: `nome`
 * required (1–150, trimmed), `ativo` optional (default true on create, kept on update). Strict.
 */
export const registerRequestSchema = z.strictObject({
  nome: text({ min: 1, max: REGISTER_NAME_MAX_LENGTH }),
  ativo: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
});

/** Message of a `codigo` with characters other than letters, digits, `-`, `_` and `.`. */
export const INVALID_REGISTER_CODE_MESSAGE = 'Use apenas letras, números, hífen, ponto ou sublinhado';

/**
 * Body of a coded register save: `codigo` required (1–`max`, letters, digits, `-`, `_`, `.`;
 * stored upper-case, as ONIX codes are), `nome`, `ativo` as in `registerRequestSchema`.
 */
export function codedRegisterRequestSchema(max = 20) {
  return registerRequestSchema.extend({
    codigo: text({ min: 1, max })
      .regex(/^[0-9A-Za-z._-]*$/, INVALID_REGISTER_CODE_MESSAGE)
      .overwrite((value) => value.toUpperCase()),
  });
}

/** Parsed body of a register save (`codigo` only for coded registers). */
export type RegisterRequest = { codigo?: string; nome: string; ativo?: boolean };
/** What the register form holds before parsing. */
export type RegisterRequestInput = { codigo?: string; nome: string; ativo?: boolean };

/** The request schema of one register (coded or not). */
export function registerRequestSchemaOf(definition: RegisterDefinition) {
  return definition.hasCode ? codedRegisterRequestSchema(definition.codeMaxLength) : registerRequestSchema;
}

/** 409 message (field `nome`) for a name another record of the same register has. */
export const DUPLICATE_REGISTER_NAME_MESSAGE = 'Já existe um registro com este nome.';
/** 409 message (field `codigo`) for a code another record of the same register has. */
export const DUPLICATE_REGISTER_CODE_MESSAGE = 'Já existe um registro com este código.';
/** 409 message of a record products still use: it can only be deactivated. */
export const REGISTER_IN_USE_MESSAGE = 'O registro não pode ser excluído porque está em uso por produtos. Inative-o em vez de excluí-lo.';
