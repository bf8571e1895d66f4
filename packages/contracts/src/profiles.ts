import { z } from 'zod';
import { listQuerySchema, pagedListSchema, text } from './common.ts';
import { ROLES, ROLE_LABELS, hasRole, isRole, type Role } from './roles.ts';
import { APP_ROUTES, MENU_GROUPS, type MenuGroup } from './routes.ts';

/**
 * Wire schemas of the profiles domain (issue 6, part 3): `GET/POST perfil`, `GET/PUT/DELETE
 * perfil/{id}`, `PUT perfil/inativa/{id}`, `GET perfil/permissoes`. A profile is a system-wide,
 * named set of roles of the catalogue (`ROLES`).
 */

/** Longest profile name (column `perfil.nome`). */
export const PROFILE_NAME_MAX = 100;
/** Longest profile description. */
export const PROFILE_DESCRIPTION_MAX = 500;

/** Message of a `permissoes` entry that is not a role of the catalogue (400 on `permissoes`). */
export const UNKNOWN_ROLE_MESSAGE = 'Permissão desconhecida';
/** Message of a profile name already taken (409 on `nome`, compared without case). */
export const DUPLICATE_PROFILE_NAME_MESSAGE = 'Já existe um perfil com este nome';
/** Message of a delete refused because users hold the profile in some company (409). */
export const PROFILE_IN_USE_MESSAGE = 'Este perfil está vinculado a usuários e não pode ser excluído. Troque o perfil desses usuários ou inative o perfil.';

/** pt-BR success toasts of SPEC section 8 for profiles. */
export const PROFILE_SAVED_MESSAGE = 'Perfil salvo com sucesso!';
export const PROFILE_DELETED_MESSAGE = 'Perfil excluído com sucesso!';

/** Label of each menu group (the permission catalogue's areas), by language. */
export const MENU_GROUP_LABELS: Record<MenuGroup, { 'pt-BR': string; 'en-US': string }> = {
  home: { 'pt-BR': 'Início', 'en-US': 'Home' },
  product: { 'pt-BR': 'Produto', 'en-US': 'Product' },
  orders: { 'pt-BR': 'Pedidos', 'en-US': 'Orders' },
  replacement: { 'pt-BR': 'Reposição', 'en-US': 'Replenishment' },
  reports: { 'pt-BR': 'Relatórios', 'en-US': 'Reports' },
  system: { 'pt-BR': 'Sistema', 'en-US': 'System' },
};

/**
 * The menu area of a role, derived from the route table: the group of the first menu entry whose
 * required text the role grants; for a role whose screens have no menu entry (the auxiliary
 * registers), the group of the menu entries sharing its first screen's top path segment
 * (`/product/faixa-etaria` → Produto). `system` when no route names the role.
 */
export function roleMenuGroup(role: Role): MenuGroup {
  const routes = APP_ROUTES.filter((route) => route.role && hasRole([role], route.role));
  const inMenu = routes.find((route) => route.menu);
  if (inMenu?.menu) return inMenu.menu;
  const segment = routes[0]?.path.split('/')[1];
  const sibling = APP_ROUTES.find((route) => route.menu && route.path.split('/')[1] === segment);
  return sibling?.menu ?? 'system';
}

/** One permission of the catalogue: the role string and its pt-BR label. */
export const permissionSchema = z.object({ role: z.string(), nome: z.string() });
/** One menu area of the catalogue with its permissions, in menu order. */
export const permissionGroupSchema = z.object({ grupo: z.string(), nome: z.string(), permissoes: z.array(permissionSchema) });
/** One menu area of `GET perfil/permissoes`. */
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;
/** Answer of `GET perfil/permissoes`. */
export const permissionCatalogueSchema = z.array(permissionGroupSchema);

/**
 * The role catalogue grouped by menu area (`GET perfil/permissoes`), groups in MENU_GROUPS order
 * (empty groups left out), roles in ROLES order, labels in `language` (pt-BR by default).
 */
export function permissionCatalogue(language: 'pt-BR' | 'en-US' = 'pt-BR'): PermissionGroup[] {
  return MENU_GROUPS.map((group) => ({
    grupo: group,
    nome: MENU_GROUP_LABELS[group][language],
    permissoes: ROLES.filter((role) => roleMenuGroup(role) === group).map((role) => ({ role, nome: ROLE_LABELS[role][language] })),
  })).filter((group) => group.permissoes.length > 0);
}

/**
 * Body of `POST perfil` and `PUT perfil/{id}` (the form validates with it too): `nome` 1-100
 * characters, `descricao` up to 500 (optional, empty = none), `permissoes` roles of the catalogue
 * (an unknown one answers 400 on `permissoes`; repeated ones count once), `ativo` (default true
 * on create, unchanged when absent on update).
 */
export const profileSaveSchema = z.strictObject({
  nome: text({ min: 1, max: PROFILE_NAME_MAX }),
  descricao: text({ max: PROFILE_DESCRIPTION_MAX, multiline: true }).nullable().optional(),
  permissoes: z
    .array(text({ max: 100 }), { error: 'Deve ser uma lista de permissões' })
    .max(ROLES.length * 2, `Deve ter no máximo ${ROLES.length * 2} permissões`)
    .superRefine((roles, ctx) => {
      const unknown = roles.filter((role) => !isRole(role));
      if (unknown.length) ctx.addIssue({ code: 'custom', message: `${UNKNOWN_ROLE_MESSAGE}: ${unknown.slice(0, 3).join(', ')}` });
    }),
  ativo: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
});
/** Body of a profile save. */
export type ProfileSave = z.infer<typeof profileSaveSchema>;
/** What the profile form edits (before validation). */
export type ProfileSaveInput = z.input<typeof profileSaveSchema>;

/** One profile as `GET/PUT perfil/{id}`, `POST perfil` and `PUT perfil/inativa/{id}` answer it. */
export const profileSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  permissoes: z.array(z.string()),
  ativo: z.boolean(),
  /** Users holding this profile in some company (`usuario_empresa`). */
  totalUsuarios: z.number().int(),
});
/** One profile. */
export type Profile = z.infer<typeof profileSchema>;

/** One row of `GET perfil`. */
export const profileListItemSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  ativo: z.boolean(),
  totalPermissoes: z.number().int(),
  totalUsuarios: z.number().int(),
});
/** One row of the profile list. */
export type ProfileListItem = z.infer<typeof profileListItemSchema>;

/** Columns `GET perfil` sorts by (`sorter=campo,asc|desc`); default `nome,asc`. */
export const PROFILE_SORT_FIELDS = ['nome', 'descricao', 'ativo', 'totalPermissoes', 'totalUsuarios'] as const;
/** One sortable column of the profile list. */
export type ProfileSortField = (typeof PROFILE_SORT_FIELDS)[number];

/** Query of `GET perfil`: the SPEC list query (`term` matches name and description). */
export const profileListQuerySchema = listQuerySchema;
/** Page of `GET perfil`. */
export const profilePageSchema = pagedListSchema(profileListItemSchema);

/** Answer of `PUT perfil/inativa/{id}`: the profile with its new state. */
export const profileToggleSchema = profileSchema;
