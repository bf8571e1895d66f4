import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BAD_SECRET_KEY_MESSAGE, SecretBox, parseSecretKey } from './secrets.ts';

describe('parseSecretKey', () => {
  it('takes 32 bytes as hex, base64 or base64url, and refuses anything else', () => {
    const key = crypto.randomBytes(32);
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(` ${key.toString('base64url')}\n`)).toEqual(key);
    for (const bad of ['', 'curta', crypto.randomBytes(16).toString('hex'), crypto.randomBytes(31).toString('base64'), crypto.randomBytes(33).toString('base64')]) {
      expect(() => parseSecretKey(bad), bad).toThrow(BAD_SECRET_KEY_MESSAGE);
    }
  });
});

describe('SecretBox', () => {
  const box = new SecretBox(crypto.randomBytes(32));

  it('round-trips with a fresh IV each time, binds the context, and detects tampering', () => {
    const a = box.encrypt('segredo ção', 'parametro:SMTP_SENHA');
    const b = box.encrypt('segredo ção', 'parametro:SMTP_SENHA');
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('segredo');
    expect(box.decrypt(a, 'parametro:SMTP_SENHA')).toBe('segredo ção');
    expect(() => box.decrypt(a, 'parametro:ERP_SENHA')).toThrow();
    const raw = Buffer.from(a.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => box.decrypt(`v1:${raw.toString('base64url')}`, 'parametro:SMTP_SENHA')).toThrow();
    expect(() => new SecretBox(crypto.randomBytes(32)).decrypt(a, 'parametro:SMTP_SENHA')).toThrow();
    expect(box.encrypt('', 'x')).toBe('');
    expect(box.decrypt('', 'x')).toBe('');
  });

  it('decryptOrUnset logs and answers "" for what does not decrypt', () => {
    const logged: object[] = [];
    expect(box.decryptOrUnset('texto-puro', 'c', { warn: (obj) => logged.push(obj) })).toBe('');
    expect(box.decryptOrUnset('v1:AAAA', 'c', { warn: (obj) => logged.push(obj) })).toBe('');
    expect(logged).toHaveLength(2);
    expect(JSON.stringify(logged)).not.toContain('texto-puro');
  });

  it('fromConfig uses ACERVO_SECRET_KEY, or generates a key once into the data folder (mode 0600) and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-secrets-'));
    try {
      const first = SecretBox.fromConfig(undefined, dir);
      const file = path.join(dir, 'secret-key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const sealed = first.encrypt('x', 'c');
      expect(SecretBox.fromConfig(undefined, dir).decrypt(sealed, 'c')).toBe('x');
      const envKey = crypto.randomBytes(32).toString('hex');
      const fromEnv = SecretBox.fromConfig(envKey, dir);
      expect(() => fromEnv.decrypt(sealed, 'c')).toThrow();
      expect(new SecretBox(Buffer.from(envKey, 'hex')).decrypt(fromEnv.encrypt('y', 'c'), 'c')).toBe('y');
      expect(() => SecretBox.fromConfig('não é chave', dir)).toThrow(BAD_SECRET_KEY_MESSAGE);
      fs.writeFileSync(file, 'corrompida');
      expect(() => SecretBox.fromConfig(undefined, dir)).toThrow(BAD_SECRET_KEY_MESSAGE);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
