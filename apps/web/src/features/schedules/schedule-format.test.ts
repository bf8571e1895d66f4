import { describe, expect, it } from 'vitest';
import { formatDuration, formatScheduleTime, kindsMatchingTerm, periodDescription, taskKindLabel } from './schedule-format.ts';

describe('schedule formats', () => {
  it('shows instants as DD/MM/YYYY HH:mm in Brasília time', () => {
    expect(formatScheduleTime('2026-03-03T05:00:00.000Z')).toBe('03/03/2026 02:00');
    expect(formatScheduleTime('2026-12-31T23:59:00.000Z')).toBe('31/12/2026 20:59');
    expect(formatScheduleTime(null)).toBe('');
    expect(formatScheduleTime('não')).toBe('');
  });

  it('shows durations in ms, s or min', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_340)).toBe('12,3 s');
    expect(formatDuration(12_340, 'en-US')).toBe('12.3 s');
    expect(formatDuration(125_000)).toBe('2 min 05 s');
    expect(formatDuration(null)).toBe('');
  });
});

describe('task kinds and periods in the interface language (issue 15, defect 8)', () => {
  it('finds the kinds a search names in the interface language (the list sends them as tiposTermo)', async () => {
    const { createI18n } = await import('../../app/i18n.ts');
    const kinds = [
      { tipo: 'SINCRONIZAR_ERP_ESTOQUE', descricao: 'Sincronizar estoque do ERP' },
      { tipo: 'REGISTRO_RUPTURA_ESTOQUE', descricao: 'Registro diário de ruptura de estoque' },
      { tipo: 'SINCRONIZAR_ERP_VENDA', descricao: 'Sincronizar vendas do ERP' },
    ];
    const en = createI18n('en-US');
    const pt = createI18n('pt-BR');
    expect(kindsMatchingTerm(en.t, kinds, 'Stock')).toBe('SINCRONIZAR_ERP_ESTOQUE,REGISTRO_RUPTURA_ESTOQUE');
    expect(kindsMatchingTerm(en.t, kinds, 'sync  STOCK')).toBe('SINCRONIZAR_ERP_ESTOQUE');
    expect(kindsMatchingTerm(pt.t, kinds, 'diario')).toBe('REGISTRO_RUPTURA_ESTOQUE');
    expect(kindsMatchingTerm(en.t, kinds, 'estoque')).toBeUndefined();
    expect(kindsMatchingTerm(en.t, kinds, '  ')).toBeUndefined();
    expect(kindsMatchingTerm(en.t, kinds, undefined)).toBeUndefined();
  });

  it('labels the kinds in each language, and an unknown kind with the server text', async () => {
    const { createI18n } = await import('../../app/i18n.ts');
    const en = createI18n('en-US');
    const pt = createI18n('pt-BR');
    expect(taskKindLabel(en.t, 'SINCRONIZAR_ERP_VENDA', 'Sincronizar vendas do ERP')).toBe('Sync sales from the ERP');
    expect(taskKindLabel(en.t, 'LIMPEZA_SESSOES', 'Limpeza de sessões expiradas ou encerradas')).toBe('Clean-up of expired or ended sessions');
    expect(taskKindLabel(pt.t, 'SINCRONIZAR_ERP_VENDA', 'x')).toBe('Sincronizar vendas do ERP');
    expect(taskKindLabel(en.t, 'NOVO_TIPO', 'Novo tipo')).toBe('Novo tipo');
  });

  it('describes periods in English in English and keeps the server pt-BR text in Portuguese', () => {
    expect(periodDescription('0 2 * * *', 'Às 02:00', 'en-US')).toBe('At 02:00');
    expect(periodDescription('*/5 * * * *', 'A cada 5 minutos', 'en-US')).toBe('Every 5 minutes');
    expect(periodDescription('0 2 * * *', 'Às 02:00', 'pt-BR')).toBe('Às 02:00');
  });
});
