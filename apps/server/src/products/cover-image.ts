import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { CoverSize } from '@acervo/contracts';

/**
 * Cover images: content sniffing by magic bytes and re-encoding with sharp (libvips) into the
 * normalised cover and its thumbnails, all WebP, stored under `<DATA_DIR>/capas/<product id>/`.
 */

/** Image formats a cover may be uploaded or proxied in, with their content type. */
export type ImageKind = 'image/jpeg' | 'image/png' | 'image/webp';

/**
 * The image format of `bytes` by its magic numbers, or null: JPEG `FF D8 FF`; PNG
 * `89 50 4E 47 0D 0A 1A 0A`; WebP `RIFF` + 4 size bytes + `WEBP`. The declared content type and
 * the file name are never trusted.
 */
export function sniffImageType(bytes: Uint8Array): ImageKind | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'image/png';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

function ascii(b: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...b.subarray(from, to));
}

/** Widths of the stored renditions, px (`original` is bounded by COVER_ORIGINAL_MAX_PX on both sides). */
export const COVER_WIDTHS: Readonly<Record<Exclude<CoverSize, 'original'>, number>> = { m: 320, p: 80 };
/** Longest side of the normalised cover, px (larger uploads are scaled down; smaller ones kept). */
export const COVER_ORIGINAL_MAX_PX = 1600;
/**
 * Most pixels sharp decodes from an upload (a "decompression bomb" — a small file declaring a huge
 * canvas — is refused before it is decoded): 50 megapixels, e.g. 7000 × 7000.
 */
export const COVER_MAX_INPUT_PIXELS = 50_000_000;

/** The error of an upload sharp cannot decode (corrupt, truncated, or over the pixel limit). */
export class CoverDecodeError extends Error {}

/** The three WebP renditions of a cover and the version that names them. */
export interface CoverRenditions {
  /** 12 hex digits of the SHA-256 of the normalised cover: changes when the picture does. */
  version: string;
  files: Record<CoverSize, Buffer>;
  /** Size of the normalised cover, px. */
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded image (JPEG, PNG or WebP — check it with `sniffImageType` first): EXIF
 * orientation applied, metadata (EXIF, GPS, ICC comments) dropped, alpha flattened on white,
 * sRGB, WebP quality 85 for the cover (≤ 1600 px) and 80 for the 320 px and 80 px wide thumbnails.
 * Re-encoding means no byte of the upload is ever served back as is (a polyglot file loses its
 * payload).
 * @throws CoverDecodeError when sharp cannot decode it (corrupt, or over COVER_MAX_INPUT_PIXELS)
 */
export async function renderCover(input: Buffer): Promise<CoverRenditions> {
  try {
    const base = sharp(input, { limitInputPixels: COVER_MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColorspace('srgb');
    const original = await base
      .clone()
      .resize({ width: COVER_ORIGINAL_MAX_PX, height: COVER_ORIGINAL_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    const thumb = (width: number) => sharp(original.data).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    const [m, p] = await Promise.all([thumb(COVER_WIDTHS.m), thumb(COVER_WIDTHS.p)]);
    const version = createHash('sha256').update(original.data).digest('hex').slice(0, 12);
    return { version, files: { original: original.data, m, p }, width: original.info.width, height: original.info.height };
  } catch (error) {
    throw new CoverDecodeError(String((error as Error)?.message ?? error));
  }
}

/** Pattern of a stored `arquivo_capa` written by the upload: `capa-<id>-<version>.webp`. */
const COVER_FILE_PATTERN = /^capa-(\d+)-([0-9a-f]{12})\.webp$/;

/** The `arquivoCapa` value of a product's cover version. */
export function coverFileName(productId: number, version: string): string {
  return `capa-${productId}-${version}.webp`;
}

/** Folder of a product's covers. */
export function coverFolder(dataDir: string, productId: number): string {
  return path.join(dataDir, 'capas', String(productId));
}

/**
 * Path of one rendition of the stored cover `arquivoCapa`, or null when the value was not written
 * by the upload (an imported URL or name) or belongs to another product: a stored value never
 * becomes a path by itself (no traversal).
 */
export function coverFilePath(dataDir: string, productId: number, arquivoCapa: string | null, size: CoverSize): string | null {
  const m = arquivoCapa ? COVER_FILE_PATTERN.exec(arquivoCapa) : null;
  if (!m || Number(m[1]) !== productId) return null;
  return path.join(coverFolder(dataDir, productId), `${m[2]}-${size}.webp`);
}

/**
 * Writes the renditions of a cover (each to a temporary name, then renamed, so a reader never
 * sees half a file). Content-addressed: writing the same version twice is harmless.
 * @returns the `arquivoCapa` value naming them
 */
export async function writeCoverFiles(dataDir: string, productId: number, renditions: CoverRenditions): Promise<string> {
  const folder = coverFolder(dataDir, productId);
  await mkdir(folder, { recursive: true });
  for (const [size, data] of Object.entries(renditions.files)) {
    const target = path.join(folder, `${renditions.version}-${size}.webp`);
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, data);
    await rename(temp, target);
  }
  return coverFileName(productId, renditions.version);
}

/** Removes the renditions of a stored cover (missing files ignored); other versions are kept. */
export async function removeCoverFiles(dataDir: string, productId: number, arquivoCapa: string | null): Promise<void> {
  for (const size of ['original', 'm', 'p'] as const) {
    const file = coverFilePath(dataDir, productId, arquivoCapa, size);
    if (file) await rm(file, { force: true });
  }
}
