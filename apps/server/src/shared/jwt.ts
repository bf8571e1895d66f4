import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

/** Claims of an Acervo token: `sub` user id, `sid` server session id, `emp` selected company id (or null). */
export interface TokenClaims {
  userId: number;
  sessionId: string;
  companyId: number | null;
}

/** Verified tokens `TokenSigner` remembers (a few hundred bytes each). */
export const VERIFIED_CACHE_SIZE = 2_000;

/**
 * Signs and verifies HS256 JWTs (jose). The secret is `JWT_SECRET`, or a random 64-byte secret
 * generated once into `<dataDir>/jwt-secret` (mode 0600) and reused on later starts.
 */
export class TokenSigner {
  /** A KeyObject, imported once: jose would re-import a raw Uint8Array on every sign/verify. */
  private readonly key: crypto.KeyObject;
  /**
   * Tokens whose signature was verified, with their claims and expiry (ms): every API call of a
   * signed-in user sends the same token, and jose's verification took 6 % of the server's CPU per
   * Terminal search. At most VERIFIED_CACHE_SIZE entries, the oldest dropped first; the expiry
   * is checked again on every hit. Only a token that verified is kept, so a hit says what jose
   * said: the session itself (revoked, idle, expired) is still read on every call.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  constructor(secret: string) {
    this.key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** Loads the secret from `envSecret` or the data folder, creating it when missing. */
  static fromConfig(envSecret: string | undefined, dataDir: string): TokenSigner {
    if (envSecret) return new TokenSigner(envSecret);
    const file = path.join(dataDir, 'jwt-secret');
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      return new TokenSigner(fs.readFileSync(file, 'utf8').trim());
    } catch {
      const secret = crypto.randomBytes(64).toString('base64url');
      try {
        fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
        return new TokenSigner(secret);
      } catch {
        return new TokenSigner(fs.readFileSync(file, 'utf8').trim());
      }
    }
  }

  /**
   * @param claims who and which session
   * @param expiresAt absolute expiry (from the token-expiration parameter, days)
   */
  async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, emp: claims.companyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setIssuer('acervo')
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /**
   * @param now the current time (ms), for tests of the expiry
   * @returns the claims, or null for a bad signature, an expired token or a malformed one
   */
  async verify(token: string, now = Date.now()): Promise<TokenClaims | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expiresAtMs > now) return hit.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'acervo', algorithms: ['HS256'], currentDate: new Date(now) });
      const userId = Number(payload.sub);
      const sessionId = typeof payload.sid === 'string' ? payload.sid : '';
      const companyId = typeof payload.emp === 'number' ? payload.emp : null;
      if (!Number.isInteger(userId) || !sessionId) return null;
      const claims = { userId, sessionId, companyId };
      // tokens always carry `exp` (sign); one without it is verified again on each call
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
        this.verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      }
      return claims;
    } catch {
      return null;
    }
  }
}
