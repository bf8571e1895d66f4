import { describe, expect, it } from 'vitest';
import { generateErpDataSet } from './simulator.ts';
import { contractA, contractDe } from './world.ts';

const HOJE = new Date('2026-11-23T18:00:00.000Z');

/**
 * Issue 15, defect 12: the generated titles read as real Portuguese ("Introdução ao cálculo",
 * never "Introdução à cálculo"; "Uma breve história da memória", never "de a memória") and do not
 * repeat across the demo's 6,000 titles.
 */
describe('generated titles', () => {
  const { world } = generateErpDataSet({ titulos: 6000, meses: 1, empresas: 1, seed: 1, hoje: HOJE });
  const titles = world.titles.map((t) => t.titulo);

  it('no two of the 6,000 titles are equal (letter case ignored)', () => {
    expect(titles).toHaveLength(6000);
    expect(new Set(titles.map((t) => t.toLowerCase())).size).toBe(6000);
    // few need a volume number to stay unique
    expect(titles.filter((t) => /, volume \d+$/.test(t)).length).toBeLessThan(60);
  });

  it('"a" and "de" agree with the article of the noun that follows', () => {
    const introductions = titles.filter((t) => t.startsWith('Introdução '));
    expect(introductions.length).toBeGreaterThan(10);
    // "à" only before feminine topics, "ao" before masculine ones (sample of the technical vocabulary)
    const feminine = /^Introdução à (farmacologia|contabilidade|psicanálise|hidráulica|termodinâmica|clínica médica|ciência de dados|gestão de projetos|metodologia científica|[a-zà-ú ]+ia\b)/;
    const masculine = /^Introdução ao (direito|processo|cálculo|concreto|marketing|empreendedorismo|desenho|desenvolvimento|aprendizado|diagnóstico|comércio|mercado|saneamento|atendimento)/;
    for (const t of introductions) {
      expect(t, t).not.toMatch(/^Introdução à (direito|processo|cálculo|concreto|marketing|empreendedorismo|desenho|desenvolvimento|aprendizado|diagnóstico|comércio|mercado|saneamento|atendimento)/);
      expect(t, t).not.toMatch(/^Introdução ao (farmacologia|contabilidade|psicanálise|hidráulica|termodinâmica|clínica|ciência|gestão|metodologia)/);
      expect(t, t).toMatch(/^Introdução (ao|à|aos|às) /);
    }
    expect(introductions.some((t) => feminine.test(t))).toBe(true);
    expect(introductions.some((t) => masculine.test(t))).toBe(true);
    // no "de" followed by a bare article, no "Introdução a" before an article
    for (const t of titles) expect(t, t).not.toMatch(/\bde (o|a|os|as) |Introdução a (o|a|os|as) /);
    expect(titles.some((t) => /\b(da|do|das|dos) /.test(t))).toBe(true);
  });

  it('contracts like Portuguese grammar', () => {
    expect([contractA('m'), contractA('f'), contractA('mp'), contractA('fp')]).toEqual(['ao', 'à', 'aos', 'às']);
    expect(contractDe('Uma breve história de a memória')).toBe('Uma breve história da memória');
    expect(contractDe('Caminhos de os rios brasileiros')).toBe('Caminhos dos rios brasileiros');
    expect(contractDe('Memórias de uma ilha')).toBe('Memórias de uma ilha');
  });
});
