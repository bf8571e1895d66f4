import type { UploadOptions } from '../shared/upload.ts';
import { BISAC_EMPTY_FILE_MESSAGE } from './bisac-file.ts';

/** Largest upload a matching import takes (bytes): 20 MB, about 20 times the full BISAC list. */
export const MATCHING_UPLOAD_LIMIT = 20 * 1024 * 1024;
/** 400 (field `arquivo`): the request carries no file in `arquivo` (SPEC's "insert the file" message). */
export const FILE_REQUIRED_MESSAGE = 'O campo é obrigatório, insira o arquivo';
/** 400 (field `arquivo`): the body is not a multipart form. */
export const NOT_MULTIPART_MESSAGE = 'Envie o arquivo como multipart/form-data no campo arquivo';
/** 413 (field `arquivo`): the file passes MATCHING_UPLOAD_LIMIT. */
export const MATCHING_TOO_LARGE_MESSAGE = 'O arquivo passa do limite de 20 MB';

/** The BISAC import's upload: cap and pt-BR answers for `receiveUpload` (`shared/upload.ts`). */
export const MATCHING_UPLOAD: UploadOptions = {
  maxBytes: MATCHING_UPLOAD_LIMIT,
  messages: { notMultipart: NOT_MULTIPART_MESSAGE, missing: FILE_REQUIRED_MESSAGE, empty: BISAC_EMPTY_FILE_MESSAGE, tooLarge: MATCHING_TOO_LARGE_MESSAGE },
};
