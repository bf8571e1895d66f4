import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { COVER_TYPE_MESSAGE, type CoverSize } from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { auditActor, recordAudit } from '../audit/audit.service.ts';
import { fieldError, notFound } from '../shared/errors.ts';
import { CoverDecodeError, coverFilePath, removeCoverFiles, renderCover, sniffImageType, writeCoverFiles } from './cover-image.ts';
import { products } from './products.schema.ts';

/** 400 message of an upload whose content is JPEG/PNG/WebP by its header but cannot be decoded. */
export const COVER_CORRUPT_MESSAGE = 'Não foi possível ler a imagem: arquivo corrompido ou grande demais (máximo 50 megapixels)';

/** The stored cover name of a product, or 404 when the product does not exist. */
async function currentCover(db: Executor, id: number): Promise<string | null> {
  const [row] = await db.select({ coverFile: products.coverFile }).from(products).where(eq(products.id, id));
  if (!row) throw notFound();
  return row.coverFile;
}

/**
 * `POST produto/{id}/capa`: checks the bytes are JPEG, PNG or WebP (magic numbers), re-encodes
 * them (`renderCover`), writes the renditions under `<dataDir>/capas/<id>/`, then — in one
 * transaction — points `arquivo_capa` at them and records ALTERACAO (`arquivoCapa`) in the audit
 * trail. The previous cover's files are removed after the commit; the new ones are removed again
 * if the transaction fails.
 * @returns the new `arquivoCapa` (`capa-<id>-<version>.webp`)
 * @throws DomainError NOT_FOUND (404) for an unknown product; VALIDATION (400, field `arquivo`)
 *   for content that is not a JPEG/PNG/WebP image or cannot be decoded
 */
export async function saveCover(db: Db, dataDir: string, auth: AuthContext, id: number, bytes: Buffer): Promise<string> {
  await currentCover(db, id);
  if (!sniffImageType(bytes)) throw fieldError('arquivo', COVER_TYPE_MESSAGE);
  let renditions;
  try {
    renditions = await renderCover(bytes);
  } catch (error) {
    if (error instanceof CoverDecodeError) throw fieldError('arquivo', COVER_CORRUPT_MESSAGE);
    throw error;
  }
  const fileName = await writeCoverFiles(dataDir, id, renditions);
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const [row] = await tx.select({ coverFile: products.coverFile }).from(products).where(eq(products.id, id)).for('update');
      if (!row) throw notFound();
      await tx.update(products).set({ coverFile: fileName, updatedAt: sql`now()` }).where(eq(products.id, id));
      await recordAudit(tx, { actor: auditActor(auth), entity: 'produto', recordId: id, action: 'ALTERACAO', before: { arquivoCapa: row.coverFile }, after: { arquivoCapa: fileName } });
      return row.coverFile;
    });
  } catch (error) {
    await removeCoverFiles(dataDir, id, fileName);
    throw error;
  }
  if (previous !== fileName) await removeCoverFiles(dataDir, id, previous);
  return fileName;
}

/**
 * `DELETE produto/{id}/capa`: clears `arquivo_capa` and records ALTERACAO in one transaction,
 * then removes the files. Deleting when there is no cover is not an error.
 * @throws DomainError NOT_FOUND (404) for an unknown product
 */
export async function deleteCover(db: Db, dataDir: string, auth: AuthContext, id: number): Promise<void> {
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx.select({ coverFile: products.coverFile }).from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound();
    if (row.coverFile === null) return null;
    await tx.update(products).set({ coverFile: null, updatedAt: sql`now()` }).where(eq(products.id, id));
    await recordAudit(tx, { actor: auditActor(auth), entity: 'produto', recordId: id, action: 'ALTERACAO', before: { arquivoCapa: row.coverFile }, after: { arquivoCapa: null } });
    return row.coverFile;
  });
  await removeCoverFiles(dataDir, id, previous);
}

/** One rendition read for `GET produto/{id}/capa`. */
export interface CoverFile {
  data: Buffer;
  /** The stored `arquivoCapa` (the version callers compare with `v`). */
  arquivoCapa: string;
}

/**
 * `GET produto/{id}/capa?tamanho=`: the WebP rendition of the current cover.
 * @throws DomainError NOT_FOUND (404) for an unknown product, a product without an uploaded cover
 *   (an imported `arquivo_capa` that is a URL or another name included), or a missing file
 */
export async function readCover(db: Executor, dataDir: string, id: number, size: CoverSize): Promise<CoverFile> {
  const arquivoCapa = await currentCover(db, id);
  const file = coverFilePath(dataDir, id, arquivoCapa, size);
  if (!file || !arquivoCapa) throw notFound();
  try {
    return { data: await readFile(file), arquivoCapa };
  } catch {
    throw notFound();
  }
}
