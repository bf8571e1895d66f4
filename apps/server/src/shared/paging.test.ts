import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema.ts';
import { DomainError } from './errors.ts';
import { INVALID_SORTER_MESSAGE, pageRequest, statusFilter, termPattern } from './paging.ts';

const dialect = new PgDialect();
const options = { sortable: { nome: companies.name, cnpj: companies.cnpj }, defaultSort: { field: 'nome' as const, direction: 'asc' as const }, tieBreaker: companies.id };
const orderSql = (r: ReturnType<typeof pageRequest>) => r.orderBy.map((o) => dialect.sqlToQuery(o).sql).join(', ');

describe('pageRequest', () => {
  it('uses the default sort and page size, with the id as tie-breaker', () => {
    const r = pageRequest({ page: 0 }, options);
    expect(r).toMatchObject({ page: 0, size: 10, offset: 0 });
    expect(orderSql(r)).toBe('"empresa"."nome" asc, "empresa"."id" asc');
  });

  it('reads sorter or sort, pageSize or size, and computes the offset', () => {
    const r = pageRequest({ page: 3, size: 25, sort: 'cnpj,desc' }, options);
    expect(r).toMatchObject({ page: 3, size: 25, offset: 75 });
    expect(orderSql(r)).toBe('"empresa"."cnpj" desc, "empresa"."id" desc');
    expect(orderSql(pageRequest({ page: 0, pageSize: 5, sorter: '-nome' }, options))).toBe('"empresa"."nome" desc, "empresa"."id" desc');
  });

  it('answers 400 on sorter for a field that is not sortable or a bad direction', () => {
    for (const sorter of ['senha', 'nome,up']) {
      let caught: unknown;
      try {
        pageRequest({ page: 0, sorter }, options);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(DomainError);
      expect((caught as DomainError).fields).toEqual([{ field: 'sorter', message: INVALID_SORTER_MESSAGE }]);
    }
  });
});

describe('statusFilter and termPattern', () => {
  it('maps the SPEC status values', () => {
    expect([statusFilter('true'), statusFilter('ATIVO'), statusFilter('false'), statusFilter('INATIVO'), statusFilter(undefined)]).toEqual([true, true, false, false, undefined]);
  });

  it('lower-cases, trims and escapes LIKE wildcards; blank is no filter', () => {
    expect(termPattern('  Acervo ')).toBe('%acervo%');
    expect(termPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    expect(termPattern('   ')).toBeUndefined();
    expect(termPattern(undefined)).toBeUndefined();
  });
});
