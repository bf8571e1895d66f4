/**
 * `GET produto/onix` on the app (PGlite, or PostgreSQL when DATABASE_URL is set): role, headers,
 * the sender company, filters identical to the catalogue list's, hostile text read back intact by
 * the ONIX import's own reader, and an empty result. XSD validation of exports runs in
 * `onix-export.data.test.ts` (needs xmllint).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedList, ProductListItem } from '@acervo/contracts';
import { companies } from '../../companies/companies.schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { productContributors, productPrices, products, productSubjects, publishers } from '../products.schema.ts';
import { minorUnitsToAmount, streamOnixExport, territoryXml, xmlEscape } from './onix-export.ts';
import { mapProduct, type OnixRecord } from './onix-record.ts';
import { streamOnixProducts } from './onix-xml.ts';

const BASE = '/api/core-api/produto';
const HOSTILE = `Guerra & Paz <script>alert("x")</script> ]]> 'aspas' \u0002 fim`;

let t: TestApp;
let adminToken: string;
let adminCompanyId: number;
let sellerToken: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-onix-route-'));

/** ISBN-13 with its check digit from the first 12 digits. */
function isbn(first12: string): string {
  const sum = [...first12].reduce((s, c, i) => s + Number(c) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

async function seed(): Promise<void> {
  const db = t.database.db;
  const [acai, tecnicos] = await db
    .insert(publishers)
    .values([
      { name: 'Editora Açaí', nameKey: 'editora acai' },
      { name: 'Livros Técnicos', nameKey: 'livros tecnicos' },
    ])
    .returning({ id: publishers.id });
  const rows = await db
    .insert(products)
    .values([
      { isbn13: isbn('978853590277'), title: 'Além das redes', publisherId: acai.id, availability: '20', editionYear: 2019, erpId: 'ERP-1', productForm: 'BC', language: 'por' },
      { isbn13: isbn('978852301195'), title: 'Banco de dados', publisherId: tecnicos.id, availability: '40', editionYear: 2021 },
      { isbn13: isbn('978857522003'), title: 'Cores do sertão', publisherId: acai.id, availability: '20', editionYear: 2019, active: false },
      { isbn13: isbn('978650000001'), title: HOSTILE, subtitle: 'Sub <i>título</i> & cia', synopsis: 'Uma & duas\nTrês' },
      ...Array.from({ length: 6 }, (_, i) => ({ isbn13: isbn(`9786500001${String(i).padStart(2, '0')}`), title: `Volume ${i + 1}`, availability: '21', editionYear: 2000 })),
    ])
    .returning({ id: products.id });
  await db.insert(productContributors).values([
    { productId: rows[0].id, sequence: 1, role: 'A01', fullName: 'Ana Souza', invertedName: 'Souza, Ana' },
    { productId: rows[0].id, sequence: 2, role: 'B01', fullName: 'Bruno Lima', invertedName: 'Lima, Bruno' },
    { productId: rows[3].id, sequence: 1, role: 'A01', fullName: 'O\'Brien & <Filhos>', invertedName: null },
  ]);
  await db.insert(productSubjects).values([{ productId: rows[0].id, sequence: 1, scheme: '10', code: 'SOC052000', heading: 'Social Science / Media Studies', main: true }]);
  await db.insert(productPrices).values([{ productId: rows[0].id, sequence: 1, priceType: '02', currency: 'BRL', amountCents: 5990, territory: 'BR' }]);
}

beforeAll(async () => {
  t = await createTestApp();
  await seed();
  const admin = await t.login('admin', 'admin');
  adminToken = admin.token;
  adminCompanyId = admin.idEmpresa as number;
  sellerToken = (await t.login('vendedor', 'vendedor')).token;
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function get(url: string, token: string | null = adminToken) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** Reads an exported body back with the ONIX import's streaming reader and mapper. */
async function readBack(body: string): Promise<{ records: OnixRecord[]; notifications: string[]; root: string | null; release: string | null }> {
  const file = path.join(tmp, `read-${Math.random().toString(36).slice(2)}.xml`);
  fs.writeFileSync(file, body, 'utf8');
  const records: OnixRecord[] = [];
  const notifications: string[] = [];
  const info = await streamOnixProducts(file, 'utf-8', async (nodes) => {
    for (const node of nodes) {
      const mapped = mapProduct(node);
      if (!mapped.ok) throw new Error(mapped.reason);
      records.push(mapped.record);
      notifications.push(mapped.record.deletion ? '05' : '03');
    }
  });
  return { records, notifications, root: info.root, release: info.release };
}

async function exportedIsbns(query: string): Promise<string[]> {
  const res = await get(`${BASE}/onix${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (await readBack(res.body)).records.map((r) => r.isbn13).sort();
}

async function listedIsbns(query: string): Promise<string[]> {
  const res = await get(`${BASE}${query}${query ? '&' : '?'}pageSize=100`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PagedList<ProductListItem>).itens.map((i) => i.isbn13).sort();
}

describe('GET produto/onix — access', () => {
  it('answers 401 without a token and 403 without VISUALIZAR_PRODUTOS_CADASTRAR', async () => {
    expect((await get(`${BASE}/onix`, null)).statusCode).toBe(401);
    const denied = await get(`${BASE}/onix`, sellerToken);
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain('ONIXMessage');
  });

  it('answers 400 naming the field for a bad filter, before any XML', async () => {
    const res = await get(`${BASE}/onix?anoEdicao=abc`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(JSON.stringify(res.json())).toContain('anoEdicao');
  });
});

describe('GET produto/onix — file', () => {
  it('streams an ONIX 3.0 attachment with the selected company as sender', async () => {
    const res = await get(`${BASE}/onix`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="acervo-onix-\d{8}-\d{6}\.xml"$/);
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, adminCompanyId));
    expect(res.body).toContain(`<SenderIdentifier><SenderIDType>01</SenderIDType><IDTypeName>CNPJ</IDTypeName><IDValue>${company.cnpj}</IDValue></SenderIdentifier>`);
    expect(res.body).toContain(`<SenderName>${xmlEscape(company.name)}</SenderName>`);
    expect(res.body).toMatch(/<SentDateTime>\d{8}T\d{6}Z<\/SentDateTime>/);
    const back = await readBack(res.body);
    expect(back).toMatchObject({ root: 'onixmessage', release: '3.0' });
    expect(back.records).toHaveLength(10);
    // Inactive products are sent as deletions.
    const inactive = back.records.findIndex((r) => r.title === 'Cores do sertão');
    expect(back.notifications[inactive]).toBe('05');
    expect(back.notifications.filter((n) => n === '03')).toHaveLength(9);
  });

  it('carries the catalogue fields where the ONIX import reads them', async () => {
    const back = await readBack((await get(`${BASE}/onix?titulo=Além`)).body);
    expect(back.records).toHaveLength(1);
    expect(back.records[0]).toMatchObject({
      isbn13: isbn('978853590277'),
      title: 'Além das redes',
      productForm: 'BC',
      language: 'por',
      publisherName: 'Editora Açaí',
      availability: '20',
      editionYear: 2019,
      bisacCategory: 'SOC052000',
      contributors: [
        { sequence: 1, role: 'A01', fullName: 'Ana Souza', invertedName: 'Souza, Ana' },
        { sequence: 2, role: 'B01', fullName: 'Bruno Lima', invertedName: 'Lima, Bruno' },
      ],
      prices: [{ priceType: '02', currency: 'BRL', amountCents: 5990, territory: 'BR' }],
    });
  });

  it('escapes hostile text: the reader gets the same characters back (XML-illegal controls dropped)', async () => {
    const res = await get(`${BASE}/onix?isbn13=${isbn('978650000001')}`);
    expect(res.body).not.toContain('<script>');
    const [record] = (await readBack(res.body)).records;
    expect(record.title).toBe(HOSTILE.replace('\u0002', '').replace(/\s+/g, ' '));
    expect(record.contributors[0].fullName).toBe("O'Brien & <Filhos>");
    expect(record.synopsis).toBe('Uma & duas\nTrês');
  });

  it('exports exactly the products the catalogue list shows for the same filters', async () => {
    const queries = ['', '?titulo=redes', '?editora=acai', '?situacao=20', '?anoEdicao=2019', '?status=false', '?status=true', '?idErp=ERP-1', `?isbn13=${isbn('978852301195')}`, '?term=Ana', '?editora=acai&status=true'];
    for (const q of queries) {
      const listed = await listedIsbns(q);
      expect(await exportedIsbns(q), q).toEqual(listed);
    }
    expect(await exportedIsbns('?editora=acai')).toHaveLength(2);
    expect(await exportedIsbns('?status=false')).toEqual([isbn('978857522003')]);
  });

  it('answers a valid message with <NoProduct/> when nothing matches', async () => {
    const res = await get(`${BASE}/onix?titulo=nada-assim-existe`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<NoProduct/>');
    expect(res.body.trimEnd().endsWith('</ONIXMessage>')).toBe(true);
    const back = await readBack(res.body);
    expect(back).toMatchObject({ root: 'onixmessage', release: '3.0', records: [] });
  });
});

describe('streamOnixExport', () => {
  it('reads in keyset batches: every product once, in id order, whatever the batch size', async () => {
    const sender = { name: 'X', cnpj: null };
    let one = '';
    for await (const chunk of streamOnixExport(t.database.db, {}, sender, { batchSize: 1, sentAt: new Date(0) })) one += chunk;
    let big = '';
    for await (const chunk of streamOnixExport(t.database.db, {}, sender, { batchSize: 1000, sentAt: new Date(0) })) big += chunk;
    expect(one).toBe(big);
    const refs = [...one.matchAll(/<RecordReference>acervo\.produto\.(\d+)<\/RecordReference>/g)].map((m) => Number(m[1]));
    expect(refs).toHaveLength(10);
    expect(refs).toEqual([...refs].sort((a, b) => a - b));
    expect(one).not.toContain('SenderIdentifier');
  });
});

describe('value formatting', () => {
  it('writes minor units as the currency decimal', () => {
    expect(minorUnitsToAmount(5990, 'BRL')).toBe('59.90');
    expect(minorUnitsToAmount(5, 'USD')).toBe('0.05');
    expect(minorUnitsToAmount(1200, 'JPY')).toBe('1200');
    expect(minorUnitsToAmount(1234, 'KWD')).toBe('1.234');
    expect(minorUnitsToAmount(-1, 'BRL')).toBeNull();
  });

  it('turns the stored territory text back into a Territory the XSD accepts', () => {
    expect(territoryXml('BR')).toBe('<Territory><CountriesIncluded>BR</CountriesIncluded></Territory>');
    expect(territoryXml('WORLD excl. GB US')).toBe('<Territory><RegionsIncluded>WORLD</RegionsIncluded><CountriesExcluded>GB US</CountriesExcluded></Territory>');
    expect(territoryXml('US CA')).toBe('<Territory><CountriesIncluded>US CA</CountriesIncluded></Territory>');
    expect(territoryXml('BR excl. AR')).toBeNull(); // countries both included and excluded
    expect(territoryXml('Mundo todo')).toBeNull();
    expect(territoryXml(null)).toBeNull();
  });

  it('escapes markup and drops characters XML 1.0 cannot carry', () => {
    expect(xmlEscape(`a<b>&"c"'\r\u0000\uFFFF`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;&#13;');
    expect(xmlEscape('𝄞 ção')).toBe('𝄞 ção');
  });
});
