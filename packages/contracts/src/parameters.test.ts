import { describe, expect, it } from 'vitest';
import { PARAMETER_DEFAULTS, PARAMETER_WIRE_FIELDS, isHttpUrl, isSender, parameterUpdateSchema } from './index.ts';

const valid = {
  geral: {
    retencaoLogProdutoDias: 30,
    retencaoLogProdutoEstoqueDias: 15,
    retencaoLogAutorDias: 30,
    retencaoLogEditoraDias: 30,
    retencaoLogVendaDias: 60,
    expiracaoTokenDias: 1,
    inatividadeMinutos: 60,
    limpezaFilaExportacaoDias: 7,
    expiracaoArquivoExportacaoDias: 7,
    urlAplicacao: 'http://localhost:3000',
    validadeRedefinicaoSenhaMinutos: 60,
  },
  email: { host: '', porta: 587, usuario: '', seguro: false, remetente: 'Acervo <nao-responda@acervo.local>' },
  erp: { tipoIntegracao: 'NENHUMA', usuario: '', urlApi: '' },
};

describe('parameters', () => {
  it('maps every key to one distinct wire field', () => {
    const fields = Object.values(PARAMETER_WIRE_FIELDS).map((f) => `${f.section}.${f.field}`);
    expect(new Set(fields).size).toBe(Object.keys(PARAMETER_DEFAULTS).length);
    expect(Object.keys(PARAMETER_WIRE_FIELDS).sort()).toEqual(Object.keys(PARAMETER_DEFAULTS).sort());
  });

  it('accepts the defaults and typed digits, refuses values out of bounds naming the path', () => {
    expect(parameterUpdateSchema.safeParse(valid).success).toBe(true);
    expect(parameterUpdateSchema.parse({ ...valid, geral: { ...valid.geral, expiracaoTokenDias: '7' } }).geral.expiracaoTokenDias).toBe(7);
    const bad = parameterUpdateSchema.safeParse({ ...valid, geral: { ...valid.geral, expiracaoTokenDias: 31 } });
    expect(bad.error?.issues[0].path).toEqual(['geral', 'expiracaoTokenDias']);
  });

  it('checks URLs and senders', () => {
    expect(isHttpUrl('https://acervo.com.br/x')).toBe(true);
    for (const url of ['ftp://x', 'javascript:alert(1)', '/relativo', 'http://']) expect(isHttpUrl(url), url).toBe(false);
    for (const sender of ['a@b.co', 'Acervo <a@b.co>', '"Acervo, Ltda" <a@b.co>']) expect(isSender(sender), sender).toBe(true);
    for (const sender of ['Acervo', 'Acervo <a>', 'a@b', '<a@b.co> x']) expect(isSender(sender), sender).toBe(false);
  });
});
