import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';
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
  integer,
  productListQuerySchema,
  text,
  auditRequestSchema,
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
  it('gives the seller only open routes (home, My user) and those of its three roles', () => {
    const seller = allowedRoutes(['ROLE_VISUALIZAR_TERMINAL', 'ROLE_VISUALIZAR_RELATORIO_FATURAMENTO', 'ROLE_VISUALIZAR_RELATORIO_ESTOQUE']);
    expect(seller.map((r) => r.path).sort()).toEqual(['/', '/product/terminal', '/reports/billing', '/reports/opportunity', '/reports/stock', '/system/user/me']);
    expect(seller.some((r) => r.menu === 'system')).toBe(false);
    expect(allowedRoutes([]).map((r) => r.path).sort()).toEqual(['/', '/reports/opportunity', '/system/user/me']);
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
  });

  it('toPagedList flags a count that stopped early and takes proxima from the page read', () => {
    expect(toPagedList([1, 2], 0, 2, 1000, { hasNext: true })).toEqual({
      itens: [1, 2], page: 0, size: 2, totalPage: 500, totalItens: 1000, proxima: true, totalAproximado: true,
    });
    // Past the lower bound: the pages seen so far, and the last page says so.
    expect(toPagedList([9], 700, 2, 1000, { hasNext: false })).toMatchObject({ totalPage: 701, proxima: false, totalAproximado: true });
    expect(toPagedList([9, 10], 700, 2, 1000, { hasNext: true })).toMatchObject({ totalPage: 702, proxima: true });
    expect('totalAproximado' in toPagedList([1], 0, 2, 1)).toBe(false);
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
    expect(idSchema.parse(7)).toBe(7);
    for (const bad of ['2147483648', '99999999999999999999', '0', '-1', '1.5', 'abc', '']) expect(idSchema.safeParse(bad).success, bad).toBe(false);
    expect(idSchema.safeParse('99999999999999999999').error?.issues.map((i) => i.message)).toEqual(['Deve ser menor ou igual a 2147483647']);
    expect(idParams('userId').parse({ userId: '42' })).toEqual({ userId: 42 });
  });

  it('integer() reads decimal digits only: no hex, exponent, sign, blanks, booleans or arrays coerced into a number', () => {
    const page = integer({ min: 0, max: 10 });
    expect(page.parse('007')).toBe(7);
    for (const bad of ['0x1', '1e1', '+1', ' 1', '1 ', '', true, false, [], [1], null, 1.5, '11', '-1']) {
      expect(page.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(page.safeParse(true).error?.issues[0]?.message).toBe('Deve ser um número inteiro');
    expect(integer({ min: 1000, max: 9999, rangeMessage: 'Ano inválido' }).safeParse('999').error?.issues[0]?.message).toBe('Ano inválido');
  });

  it('list queries refuse unknown fields, naming them', () => {
    const result = productListQuerySchema.safeParse({ titlo: 'Dom Casmurro' });
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['titlo'] });
    expect(listQuerySchema.safeParse({ extra: '1' }).success).toBe(false);
  });

  it('a missing required text says Campo obrigatório; another type says Deve ser um texto', () => {
    const schema = z.strictObject({ nome: text({ max: 10 }) });
    expect(schema.safeParse({}).error?.issues[0]?.message).toBe('Campo obrigatório');
    expect(schema.safeParse({ nome: 1 }).error?.issues[0]?.message).toBe('Deve ser um texto');
  });

  it('messages not written by hand are Brazilian Portuguese (zod pt-BR locale)', () => {
    const message = z.object({ n: z.number() }).safeParse({ n: 'x' }).error?.issues[0]?.message ?? '';
    expect(message).toMatch(/^Entrada inválida/);
    expect(message).not.toMatch(/expected|invalid input/i);
  });
});

describe('request schemas (every export named *RequestSchema or *QuerySchema)', () => {
  const requestSchemas: [string, z.ZodType][] = Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) =>
    /(Request|Query)Schema$/.test(name) && value instanceof z.ZodType ? [[name, value] as [string, z.ZodType]] : [],
  );

  it('are found', () => {
    expect(requestSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['loginRequestSchema', 'refreshRequestSchema', 'forgotPasswordRequestSchema', 'newPasswordRequestSchema', 'listQuerySchema', 'productListQuerySchema']),
    );
  });

  it('bound every text (text()), every integer (integer(), idSchema) and refuse unknown fields', () => {
    for (const [name, schema] of requestSchemas) {
      expect(auditRequestSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as contracts.RequestJsonSchema, name)).toEqual([]);
    }
  });

  it('refuse a NUL byte in every text field, with CONTROL_CHARACTER_MESSAGE', () => {
    for (const [name, schema] of requestSchemas) {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as contracts.RequestJsonSchema;
      for (const [field, property] of Object.entries(json.properties ?? {})) {
        if (property.type !== 'string' || property.enum) continue;
        const issues = schema.safeParse({ [field]: 'a\u0000b' }).error?.issues ?? [];
        expect(issues, `${name}.${field}`).toContainEqual(expect.objectContaining({ path: [field], message: CONTROL_CHARACTER_MESSAGE }));
      }
    }
  });
});

describe('auditRequestSchema', () => {
  it('accepts a bounded map (boundedMap) and names what an unbounded one lacks', () => {
    const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as contracts.RequestJsonSchema;
    const bounded = contracts.boundedMap({ maxKeys: 3, keyMax: 10, value: z.union([text({ max: 5 }), z.boolean()]) });
    expect(auditRequestSchema(json(z.strictObject({ filtros: bounded })), 'body')).toEqual([]);
    expect(auditRequestSchema(json(z.strictObject({ filtros: z.record(z.string(), z.string()) })), 'body')).toEqual([
      'body.filtros: map without maxProperties (build it with boundedMap())',
      'body.filtros{chave}: string without maxLength (build it with text())',
      'body.filtros{chave}: string accepts the control character U+0000 (build it with text())',
      'body.filtros{chave}: string accepts the control character U+001B (build it with text())',
      'body.filtros{valor}: string without maxLength (build it with text())',
      'body.filtros{valor}: string accepts the control character U+0000 (build it with text())',
      'body.filtros{valor}: string accepts the control character U+001B (build it with text())',
    ]);
    expect(bounded.safeParse({ a: 'x', b: true }).success).toBe(true);
    expect(bounded.safeParse({ a: 'x', b: true, c: 'y', d: 'z' }).error?.issues[0].message).toBe('Deve ter no máximo 3 campos');
    expect(bounded.safeParse({ 'a\u0000': 'x' }).error?.issues[0].message).toBe('Nome de campo inválido');
    expect(bounded.safeParse({ a: 'x\u0000' }).success).toBe(false);
    expect(bounded.safeParse([]).error?.issues[0].message).toBe('Deve ser um objeto');
  });


  it('names each broken rule: a plain string, an unbounded or 64-bit integer, a loose object, an unbounded array, an any', () => {
    const loose = z.object({
      nome: z.string(),
      limitado: z.string().max(10),
      id: z.number().int(),
      valor: z.number(),
      grande: z.number().int().min(0).max(2 ** 40),
      lista: z.array(text({ max: 5 })),
      qualquer: z.unknown(),
      situacao: z.enum(['A', 'B']),
      texto: text({ max: 5 }),
      ok: integer({ min: 0, max: 5 }),
    });
    const problems = auditRequestSchema(z.toJSONSchema(loose, { io: 'input', unrepresentable: 'any' }) as contracts.RequestJsonSchema, 'body');
    expect(problems).toEqual([
      'body: object accepts unknown properties (use z.strictObject)',
      'body.nome: string without maxLength (build it with text())',
      'body.nome: string accepts the control character U+0000 (build it with text())',
      'body.nome: string accepts the control character U+001B (build it with text())',
      'body.limitado: string accepts the control character U+0000 (build it with text())',
      'body.limitado: string accepts the control character U+001B (build it with text())',
      'body.id: integer bounds [-9007199254740991, 9007199254740991] exceed PostgreSQL integer (±2147483647)',
      'body.valor: number without minimum and maximum (build it with integer() or idSchema)',
      'body.grande: integer bounds [0, 1099511627776] exceed PostgreSQL integer (±2147483647)',
      'body.lista: array without maxItems',
      'body.qualquer: schema accepts any value',
    ]);
  });
});

describe('replenishment line and replacement item', () => {
  const line = contracts.replenishmentItemSchema.shape;
  const item = contracts.replacementItemSchema.shape;

  it('the item has its id and exactly the line fields it copies, each the same schema (one base)', () => {
    const shared = Object.keys(item).filter((key) => key !== 'id');
    expect(shared).toEqual(['idProduto', 'sku', 'isbn13', 'titulo', 'autores', 'idEditora', 'editora', 'saldoDisponivel', 'quantidadeSugerida', 'quantidadePedido', 'valorCapaCentavos', 'valorCustoCentavos', 'metodo']);
    for (const key of shared) expect(item[key as keyof typeof item], key).toBe(line[key as keyof typeof line]);
    expect(Object.keys(line).filter((key) => !shared.includes(key))).toEqual(['situacao', 'saldoAtual', 'saldoRede', 'quantidadePedidaCompra', 'quantidadeReservada', 'quantidadeBloqueada', 'estoqueMinimo', 'estoqueMaximo', 'demandaMedia', 'nivelReposicao']);
  });

  it('refuses a line without a field of the base and keeps the nullability of each', () => {
    const base = { idProduto: 1, sku: null, isbn13: null, titulo: 'T', autores: null, idEditora: null, editora: null, saldoDisponivel: 0, quantidadeSugerida: 0, quantidadePedido: 0, valorCapaCentavos: null, valorCustoCentavos: null, metodo: 'TSB' };
    expect(contracts.replacementItemSchema.safeParse({ id: 1, ...base }).success).toBe(true);
    expect(contracts.replacementItemSchema.safeParse({ ...base }).success).toBe(false);
    expect(contracts.replacementItemSchema.safeParse({ id: 1, ...base, titulo: null }).success).toBe(false);
  });
});
