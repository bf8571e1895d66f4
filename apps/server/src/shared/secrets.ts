import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';

/**
 * Secrets at rest (issue 6, part 4): the SMTP and ERP passwords and the API access passwords are
 * stored encrypted with AES-256-GCM (NIST SP 800-38D: 96-bit random IV per value, 128-bit tag),
 * and never answered by the API.
 *
 * Stored form: `v1:` + base64url(IV 12 bytes | tag 16 bytes | ciphertext). The `context` string
 * (e.g. `parametro:SMTP_SENHA`) is bound as additional authenticated data, so a ciphertext copied
 * into another column does not decrypt there. An empty plain text is stored as '' (= not set).
 *
 * The key is `ACERVO_SECRET_KEY` (32 bytes as base64, base64url or 64 hex digits) or a random key
 * generated once into `<DATA_DIR>/secret-key` (mode 0600), like the JWT secret. Every process
 * sharing one PostgreSQL must use the same key (set `ACERVO_SECRET_KEY` on all of them).
 */

/** Prefix of the current stored format. */
const FORMAT = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** Message of an `ACERVO_SECRET_KEY` that is not 32 bytes in base64 or hex. */
export const BAD_SECRET_KEY_MESSAGE = 'ACERVO_SECRET_KEY deve ter 32 bytes em base64 ou hexadecimal (ex.: `openssl rand -base64 32`).';

/**
 * Decodes a 32-byte key written as 64 hex digits, base64 or base64url.
 * @throws Error BAD_SECRET_KEY_MESSAGE for anything else
 */
export function parseSecretKey(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  throw new Error(BAD_SECRET_KEY_MESSAGE);
}

/** Something that can warn (a Fastify or pino logger). */
export interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/** Encrypts and decrypts secrets with one AES-256-GCM key. */
export class SecretBox {
  private readonly key: Buffer;

  /** @param key 32 bytes */
  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(BAD_SECRET_KEY_MESSAGE);
    this.key = Buffer.from(key);
  }

  /**
   * The key from `envKey` (ACERVO_SECRET_KEY) or from `<dataDir>/secret-key`, created when
   * missing (atomically: two processes starting together end up with the same key).
   * @throws Error BAD_SECRET_KEY_MESSAGE when `envKey` or the stored file is malformed
   */
  static fromConfig(envKey: string | undefined, dataDir: string): SecretBox {
    if (envKey) return new SecretBox(parseSecretKey(envKey));
    const file = path.join(dataDir, 'secret-key');
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      return new SecretBox(parseSecretKey(fs.readFileSync(file, 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const key = crypto.randomBytes(KEY_BYTES);
      try {
        fs.writeFileSync(file, key.toString('base64'), { flag: 'wx', mode: 0o600 });
        return new SecretBox(key);
      } catch {
        return new SecretBox(parseSecretKey(fs.readFileSync(file, 'utf8')));
      }
    }
  }

  /**
   * @param plain the secret ('' stays '': nothing to hide)
   * @param context what the value is (bound as AAD), e.g. `parametro:SMTP_SENHA`
   * @returns the stored form `v1:…`
   */
  encrypt(plain: string, context: string): string {
    if (plain === '') return '';
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return FORMAT + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /**
   * @param stored a value written by `encrypt` with the same `context`
   * @returns the plain secret ('' for '')
   * @throws Error when the value is not in the stored form, was tampered with, or was encrypted
   *   with another key or context
   */
  decrypt(stored: string, context: string): string {
    if (stored === '') return '';
    if (!stored.startsWith(FORMAT)) throw new Error('valor não cifrado');
    const raw = Buffer.from(stored.slice(FORMAT.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('valor cifrado truncado');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /**
   * `decrypt` that never throws: a value that cannot be decrypted (another key, tampering, a plain
   * value from before encryption) is logged at warn level and read as not set ('').
   */
  decryptOrUnset(stored: string, context: string, log?: WarnLogger): string {
    try {
      return this.decrypt(stored, context);
    } catch (error) {
      log?.warn({ context, err: error instanceof Error ? error.message : String(error) }, 'segredo ilegível (chave diferente ou valor corrompido): tratado como não definido');
      return '';
    }
  }
}

let current: SecretBox | null = null;

/**
 * Sets the process's secret box from the configuration (called when the app is built; the last
 * call wins, and the key file makes repeated calls give the same key).
 */
export function configureSecrets(config: { secretKey: string | undefined; dataDir: string }): SecretBox {
  current = SecretBox.fromConfig(config.secretKey, config.dataDir);
  return current;
}

/**
 * The process's secret box (`configureSecrets`); when none was configured (a CLI that did not
 * build the app) it is read from the environment (`ACERVO_SECRET_KEY`, `DATA_DIR`) once.
 */
export function secretBox(): SecretBox {
  return current ?? configureSecrets(loadConfig());
}
