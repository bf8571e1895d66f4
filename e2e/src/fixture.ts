import fs from 'node:fs';
import { E2E_ONIX_FIXTURE } from './paths.ts';

const xml = fs.readFileSync(E2E_ONIX_FIXTURE, 'utf8');
const firstProduct = xml.slice(xml.indexOf('<Product>'), xml.indexOf('</Product>'));

/** ISBN-13 of the fixture's first product, read from the file itself (ProductIDType 15, hyphens removed). */
export const E2E_FIXTURE_ISBN = (/<ProductIDType>15<\/ProductIDType>\s*<IDValue>([^<]+)<\/IDValue>/.exec(firstProduct)?.[1] ?? '').replace(/\D/g, '');

/** Distinctive part of the fixture's first title (`TitleWithoutPrefix`, or `TitleText`; collection titles skipped). */
export const E2E_FIXTURE_TITLE = (() => {
  const own = firstProduct.replace(/<Collection>[\s\S]*?<\/Collection>/g, '');
  return (/<TitleWithoutPrefix>([^<]+)</.exec(own) ?? /<TitleText>([^<]+)</.exec(own))?.[1] ?? '';
})();

if (!/^\d{13}$/.test(E2E_FIXTURE_ISBN) || !E2E_FIXTURE_TITLE) throw new Error(`cannot read ISBN/title from ${E2E_ONIX_FIXTURE}`);
