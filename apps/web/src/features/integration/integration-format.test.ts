import { describe, expect, it } from 'vitest';
import { dailySeries, entitiesWithData, formatMinutes, isoDayToBr, prettyBody, shortDay } from './integration-format.ts';

describe('prettyBody', () => {
  it('pretty-prints JSON with two spaces', () => {
    expect(prettyBody('{"itens":[{"id":"V1"}],"temMais":false}')).toEqual({ json: true, text: '{\n  "itens": [\n    {\n      "id": "V1"\n    }\n  ],\n  "temMais": false\n}' });
  });

  it('keeps text that is not JSON (an HTML error, a body cut at the cap) as it is', () => {
    expect(prettyBody('<html>502 Bad Gateway</html>')).toEqual({ json: false, text: '<html>502 Bad Gateway</html>' });
    expect(prettyBody('{"itens":[{"id":"V1"…[truncado]')).toEqual({ json: false, text: '{"itens":[{"id":"V1"…[truncado]' });
  });

  it('answers null for no body', () => {
    expect(prettyBody(null)).toBeNull();
    expect(prettyBody('  ')).toBeNull();
  });
});

describe('formatMinutes', () => {
  it('uses minutes, hours and days', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(59)).toBe('59 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(125)).toBe('2 h 5 min');
    expect(formatMinutes(1440)).toBe('1 d');
    expect(formatMinutes(1440 * 3 + 250)).toBe('3 d 4 h');
  });
});

describe('days', () => {
  it('formats ISO days for the axis and the filters', () => {
    expect(shortDay('2026-11-05')).toBe('05/11');
    expect(isoDayToBr('2026-11-05')).toBe('05/11/2026');
    expect(isoDayToBr('05/11/2026')).toBe('');
    expect(isoDayToBr(undefined)).toBe('');
  });
});

describe('dailySeries', () => {
  const days = ['2026-11-01', '2026-11-02', '2026-11-03'];
  const daily = [
    { dia: '2026-11-01', entidade: 'VENDA' as const, registros: 10, erros: 0 },
    { dia: '2026-11-03', entidade: 'VENDA' as const, registros: 4, erros: 1 },
    { dia: '2026-11-02', entidade: 'ESTOQUE' as const, registros: 7, erros: 0 },
    { dia: '2026-10-01', entidade: 'VENDA' as const, registros: 99, erros: 0 },
  ];

  it('spreads each entity over the days, zero where nothing came', () => {
    expect(dailySeries(days, daily, ['VENDA', 'ESTOQUE', 'AUTOR'])).toEqual([
      { entidade: 'VENDA', data: [10, 0, 4] },
      { entidade: 'ESTOQUE', data: [0, 7, 0] },
      { entidade: 'AUTOR', data: [0, 0, 0] },
    ]);
  });

  it('starts the chart with the entities that received something', () => {
    expect([...entitiesWithData(daily)].sort()).toEqual(['ESTOQUE', 'VENDA']);
  });
});
