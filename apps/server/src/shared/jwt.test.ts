import { describe, expect, it } from 'vitest';
import { TokenSigner, VERIFIED_CACHE_SIZE } from './jwt.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const claims = { userId: 7, sessionId: '5b2f0f1e-1111-4222-8333-944455556666', companyId: 2 };

describe('TokenSigner.verify and its cache of verified tokens', () => {
  it('answers the claims of a good token, again from the cache, and null once it has expired', async () => {
    const signer = new TokenSigner(SECRET);
    const expiresAt = new Date(Date.now() + 60_000);
    const token = await signer.sign(claims, expiresAt);
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims);
    // a cached token past its expiry is refused (the expiry is checked on every hit)
    expect(await signer.verify(token, expiresAt.getTime() + 1_000)).toBeNull();
    // and stays refused: the entry was dropped, jose decides again
    expect(await signer.verify(token, expiresAt.getTime() + 1_000)).toBeNull();
  });

  it('never takes a token another secret signed, nor a tampered one, even after the good one was cached', async () => {
    const signer = new TokenSigner(SECRET);
    const good = await signer.sign(claims, new Date(Date.now() + 60_000));
    expect(await signer.verify(good)).toEqual(claims);
    const [header, payload, signature] = good.split('.');
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    forged.sub = '1';
    expect(await signer.verify(`${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`)).toBeNull();
    expect(await signer.verify(`${good}x`)).toBeNull();
    const other = await new TokenSigner(`${SECRET}-other`).sign(claims, new Date(Date.now() + 60_000));
    expect(await signer.verify(other)).toBeNull();
    expect(await new TokenSigner(`${SECRET}-other`).verify(good)).toBeNull();
  });

  it('keeps verifying correctly past the cache size (oldest entries dropped)', async () => {
    const signer = new TokenSigner(SECRET);
    const expiresAt = new Date(Date.now() + 60_000);
    const first = await signer.sign(claims, expiresAt);
    expect(await signer.verify(first)).toEqual(claims);
    for (let i = 0; i < VERIFIED_CACHE_SIZE + 5; i++) {
      const token = await signer.sign({ ...claims, userId: 1000 + i }, expiresAt);
      expect((await signer.verify(token))?.userId).toBe(1000 + i);
    }
    expect(await signer.verify(first)).toEqual(claims);
  });
});
