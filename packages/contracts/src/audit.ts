import { z } from 'zod';
import { listQuerySchema, pagedListSchema, text } from './common.ts';
import { REQUIRED } from './roles.ts';

/**
 * Audited entities (issue 6, part 7) and the role that reads each one's history
 * (`GET auditoria?entidade=&idRegistro=`): the role of the screen that edits it.
 */
export const AUDIT_ENTITY_ROLES = {
  empresa: REQUIRED.empresa,
  usuario: REQUIRED.usuario,
  perfil: REQUIRED.perfil,
  parametro: REQUIRED.parametros,
  'acesso-api': REQUIRED.parametros,
  agendamento: REQUIRED.agendamento,
  meta: REQUIRED.metas,
  'dia-fechamento': REQUIRED.metas,
  'faixa-etaria': REQUIRED.cadastrosAuxiliares,
  'publico-alvo': REQUIRED.cadastrosAuxiliares,
  'classificacao-indicativa': REQUIRED.cadastrosAuxiliares,
  'linha-produto': REQUIRED.cadastrosAuxiliares,
  'motivo-oportunidade': REQUIRED.cadastrosAuxiliares,
  contribuicao: REQUIRED.correspondencia,
  encadernacao: REQUIRED.correspondencia,
  'produto-situacao': REQUIRED.correspondencia,
  correspondencia: REQUIRED.correspondencia,
  'categoria-bisac': REQUIRED.correspondencia,
  editora: REQUIRED.editoras,
  produto: REQUIRED.produtos,
  'modelo-reposicao': REQUIRED.reposicaoCalculo,
  reposicao: REQUIRED.reposicaoHistorico,
} as const;

/** An audited entity name (`entidade`). */
export type AuditEntity = keyof typeof AUDIT_ENTITY_ROLES;
/** Every audited entity name. */
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_ROLES) as AuditEntity[];

/**
 * What was done: CRIACAO create, ALTERACAO update, EXCLUSAO delete, ATIVACAO / INATIVACAO the
 * active toggle, SENHA a password change, PERMISSAO a change of permissions or profile links.
 */
export const AUDIT_ACTIONS = ['CRIACAO', 'ALTERACAO', 'EXCLUSAO', 'ATIVACAO', 'INATIVACAO', 'SENHA', 'PERMISSAO'] as const;
/** One audit action. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Value shown for a secret field (password, SMTP/ERP/API password) in the trail. */
export const AUDIT_SECRET_MASK = '***';

/** One changed field: wire name, value before (null on create) and after (null on delete). */
export const auditChangeSchema = z.object({ campo: z.string(), antes: z.unknown(), depois: z.unknown() });
/** One changed field of an audit entry. */
export type AuditChange = { campo: string; antes: unknown; depois: unknown };

/** One audit entry as `GET auditoria` lists it; `data` is an ISO 8601 instant. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  data: z.string(),
  idUsuario: z.number().int().nullable(),
  nomeUsuario: z.string().nullable(),
  idEmpresa: z.number().int().nullable(),
  entidade: z.string(),
  idRegistro: z.string(),
  acao: z.enum(AUDIT_ACTIONS),
  alteracoes: z.array(auditChangeSchema),
});
/** One audit entry. */
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET auditoria`: paged (newest first), `entidade` required, `idRegistro` optional. */
export const auditQuerySchema = listQuerySchema.extend({
  entidade: z.enum(AUDIT_ENTITIES as [AuditEntity, ...AuditEntity[]], { error: 'Entidade inválida' }),
  idRegistro: text({ max: 50 }).optional(),
});
/** Query of `GET auditoria`. */
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Page of `GET auditoria`. */
export const auditPageSchema = pagedListSchema(auditEntrySchema);
