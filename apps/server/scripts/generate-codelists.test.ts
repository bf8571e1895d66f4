import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCompactCodelists, generateCodelists, type EditeurCodeTable } from './generate-codelists.ts';

const table: EditeurCodeTable = {
  ONIXCodeTable: {
    IssueNumber: 99,
    CodeList: [
      { CodeListNumber: 17, CodeListDescription: 'Contributor role code', Code: [{ CodeValue: 'A01', CodeDescription: 'By (author)' }] },
      { CodeListNumber: 65, CodeListDescription: 'Product availability', Code: [{ CodeValue: 10, CodeDescription: 'Not yet available' }, { CodeValue: '01', CodeDescription: 'Cancelled' }] },
      { CodeListNumber: 88, CodeListDescription: 'Religious text identifier' },
      { CodeListNumber: 3, CodeListDescription: 'Not wanted', Code: [{ CodeValue: '01', CodeDescription: 'x' }] },
    ],
  },
};

describe('generate-codelists', () => {
  it('keeps only the wanted lists, stringifies numeric codes and records the attribution', () => {
    const data = buildCompactCodelists(table, [17, 65, 88]);
    expect(data.lists).toEqual({ '17': { A01: 'By (author)' }, '65': { '10': 'Not yet available', '01': 'Cancelled' }, '88': {} });
    expect(data.names['65']).toBe('Product availability');
    expect(data.issue).toBe(99);
    expect(data.attribution).toBe("ONIX Code Lists Issue 99, © EDItEUR, used under EDItEUR's terms (https://www.editeur.org/14/Code-Lists/)");
  });

  it('fails when a wanted list is missing', () => {
    expect(() => buildCompactCodelists(table, [17, 150])).toThrow(/Code list 150 not found/);
  });

  it('writes the JSON and a README with the attribution', () => {
    const src = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'codelists-')), 'in.json');
    const out = path.dirname(src);
    const full: EditeurCodeTable = {
      ONIXCodeTable: {
        IssueNumber: 70,
        CodeList: Array.from(new Set([1, 2, 5, 15, 17, 18, 21, 22, 23, 24, 27, 44, 45, 46, 48, 49, 50, 55, 58, 64, 65, 74, 91, 96, 150, 163, 175, 196])).map((n) => ({
          CodeListNumber: n,
          CodeListDescription: `List ${n}`,
          Code: [{ CodeValue: '01', CodeDescription: `Code of ${n}` }],
        })),
      },
    };
    fs.writeFileSync(src, JSON.stringify(full));
    generateCodelists(src, out);
    const written = JSON.parse(fs.readFileSync(path.join(out, 'codelists.json'), 'utf8')) as { lists: Record<string, Record<string, string>>; attribution: string };
    expect(written.lists['150']).toEqual({ '01': 'Code of 150' });
    expect(written.attribution).toContain('© EDItEUR');
    expect(fs.readFileSync(path.join(out, 'README.md'), 'utf8')).toContain("ONIX Code Lists Issue 70, © EDItEUR, used under EDItEUR's terms");
    fs.rmSync(out, { recursive: true, force: true });
  });
});
