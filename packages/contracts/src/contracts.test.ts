import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  APP_ROUTES,
  MENU_GROUPS,
  REQUIRED,
  ROLES,
  allowedRoutes,
  hasRole,
  hashPassword,
  parseSorter,
  toPagedList,
  listQuerySchema,
  newPasswordRequestSchema,
  CLIENT_HASH_PATTERN,
  CONTROL_CHARACTER_MESSAGE,
  MAX_INT4,
  idParams,
  idSchema,
  text,
} from './index.ts';

describe('hashPassword (SPEC 5/7: upper hex SHA-512 of upper hex MD5)', () => {
  it('matches values computed independently with Python hashlib', () => {
    expect(hashPassword('admin')).toBe(
      'B3C08D9EA6AB92A5014341C3F3AC549930442A2508608C809A43221A65948FA6B7975AB40FDD18FE7E998606C9634FF0EBDC2919A9808F301F5D9DEA804735A5',
    );
    // UTF-8 bytes of accented text
    expect(hashPassword('ação')).toBe(
      '5C4473160FD541D596658E18A55C572A97831235C7C1B995D3B0A30B5B2B1E81D8F107842C1655F3AFB7E419BE8ADF937D8E9083E0F375C0E7C96E88678277C0',
    );
    expect(hashPassword('x')).toMatch(CLIENT_HASH_PATTERN);
  });
});

describe('hasRole (SPEC 6: substring match)', () => {
  it('matches a required text without the ROLE_ prefix inside a prefixed role', () => {
    expect(hasRole(['ROLE_VISUALIZAR_REPOSICAO_CALCULO'], REQUIRED.reposicaoCalculo)).toBe(true);
    expect(hasRole(['ROLE_VISUALIZAR_TERMINAL'], REQUIRED.produtos)).toBe(false);
    expect(hasRole([], undefined)).toBe(true);
    expect(hasRole([], REQUIRED.usuario)).toBe(false);
  });
  it('every required text of the route table is granted by some catalogue role', () => {
    for (const route of APP_ROUTES) if (route.role) expect(hasRole(ROLES, route.role), route.path).toBe(true);
  });
});

describe('allowedRoutes', () => {
  it('gives the seller only open routes and those of its three roles', () => {
    const seller = allowedRoutes(['ROLE_VISUALIZAR_TERMINAL', 'ROLE_VISUALIZAR_RELATORIO_FATURAMENTO', 'ROLE_VISUALIZAR_RELATORIO_ESTOQUE']);
    expect(seller.map((r) => r.path).sort()).toEqual(['/', '/product/terminal', '/reports/billing', '/reports/opportunity', '/reports/stock']);
    expect(seller.some((r) => r.menu === 'system')).toBe(false);
  });
  it('gives the administrator every route and every menu group', () => {
    const all = allowedRoutes(ROLES);
    expect(all).toHaveLength(APP_ROUTES.length);
    for (const group of MENU_GROUPS) expect(all.some((r) => r.menu === group)).toBe(true);
  });
});

describe('paged list and list query', () => {
  it('computes totalPage and proxima', () => {
    expect(toPagedList([1, 2], 0, 2, 5)).toEqual({ itens: [1, 2], page: 0, size: 2, totalPage: 3, totalItens: 5, proxima: true });
    expect(toPagedList([5], 2, 2, 5).proxima).toBe(false);
    expect(toPagedList([], 0, 10, 0)).toMatchObject({ totalPage: 0, proxima: false });
  });
  it('parses sorters and rejects unknown fields', () => {
    expect(parseSorter('titulo,desc', ['titulo'])).toEqual({ field: 'titulo', direction: 'desc' });
    expect(parseSorter('-titulo', ['titulo'])).toEqual({ field: 'titulo', direction: 'desc' });
    expect(parseSorter('titulo', ['titulo'])).toEqual({ field: 'titulo', direction: 'asc' });
    expect(parseSorter(undefined, ['titulo'])).toBeNull();
    expect(() => parseSorter('senha,asc', ['titulo'])).toThrow('Ordenação inválida');
    expect(() => parseSorter('titulo,up', ['titulo'])).toThrow('Ordenação inválida');
  });
  it('coerces query strings and bounds the page size', () => {
    expect(listQuerySchema.parse({ page: '2', pageSize: '25' })).toMatchObject({ page: 2, pageSize: 25 });
    expect(listQuerySchema.safeParse({ pageSize: '0' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ pageSize: '500' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ page: '-1' }).success).toBe(false);
  });
});

describe('newPasswordRequestSchema', () => {
  const a = hashPassword('nova-senha');
  it('requires the confirmation to equal the password, with the SPEC message', () => {
    const r = newPasswordRequestSchema.safeParse({ id: 1, senha: a, confirmaSenha: hashPassword('outra') });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['confirmaSenha'], message: 'A senha de confirmação deve ser a mesma que a nova senha!' });
    expect(newPasswordRequestSchema.safeParse({ id: 1, senha: a, confirmaSenha: a }).success).toBe(true);
  });
  it('rejects a typed (unhashed) password', () => {
    expect(newPasswordRequestSchema.safeParse({ id: 1, senha: 'abc', confirmaSenha: 'abc' }).success).toBe(false);
  });
});

describe('request text and id schemas', () => {
  it('text() refuses NUL and other control characters; multi-line text keeps tab and line breaks', () => {
    const line = text({ max: 20 });
    expect(line.safeParse('a\u0000b').error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(line.safeParse('a\nb').success).toBe(false);
    expect(line.safeParse('a\u007Fb').success).toBe(false);
    expect(line.parse('  Dom Casmurro  ')).toBe('Dom Casmurro');
    const block = text({ max: 50, multiline: true });
    expect(block.parse('linha 1\n\tlinha 2\r\n')).toBe('linha 1\n\tlinha 2');
    expect(block.safeParse('a\u0000b').success).toBe(false);
    expect(line.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe('Deve ter no máximo 20 caracteres');
    expect(text({ min: 1, max: 5 }).safeParse('   ').error?.issues[0]?.message).toBe('Campo obrigatório');
  });

  it('idSchema takes 1..2147483647 (PostgreSQL integer) and nothing past 32 bits', () => {
    expect(idSchema.parse('2147483647')).toBe(MAX_INT4);
    for (const bad of ['2147483648', '99999999999999999999', '0', '-1', '1.5', 'abc', '']) expect(idSchema.safeParse(bad).success, bad).toBe(false);
    expect(idParams('userId').parse({ userId: '42' })).toEqual({ userId: 42 });
  });

  it('messages not written by hand are Brazilian Portuguese (zod pt-BR locale)', () => {
    const message = z.object({ n: z.number() }).safeParse({ n: 'x' }).error?.issues[0]?.message ?? '';
    expect(message).toMatch(/^Entrada inválida/);
    expect(message).not.toMatch(/expected|invalid input/i);
  });
});
