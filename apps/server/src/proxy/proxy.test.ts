import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../auth/auth.test-helpers.ts';
import type { AppContext } from '../shared/context.ts';
import { imageProxyRoutes } from './proxy.routes.ts';
import { IMAGE_PROXY_MESSAGES, ImageFetchError, checkTarget, fetchRemoteImage, hostAllowed, isPublicAddress, type ImageFetchOptions, type Resolver } from './image-fetch.ts';

/** Every non-public spelling the proxy must never reach. */
const PRIVATE_ADDRESSES = [
  '127.0.0.1',
  '127.255.255.254',
  '0.0.0.0',
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.0.1',
  '100.64.0.1',
  '100.127.255.255',
  '169.254.169.254',
  '224.0.0.1',
  '255.255.255.255',
  '198.18.0.1',
  '::1',
  '::',
  'fe80::1',
  'febf::1',
  'fc00::1',
  'fd12:3456::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  '::ffff:10.0.0.1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::1',
  'ff02::1',
];

/** URL spellings (decimal, hex, octal, short, bracketed IPv6, mapped) that all land on a non-public address. */
const PRIVATE_URLS = [
  'http://127.0.0.1/capa.jpg',
  'http://2130706433/capa.jpg',
  'http://0x7f000001/capa.jpg',
  'http://0x7f.1/capa.jpg',
  'http://0177.0.0.1/capa.jpg',
  'http://017700000001/capa.jpg',
  'http://127.1/capa.jpg',
  'http://0/capa.jpg',
  'http://0.0.0.0/capa.jpg',
  'http://169.254.169.254/latest/meta-data/',
  'http://0xa9fea9fe/latest/meta-data/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://[::1]/',
  'http://[::]/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd00::abcd]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[0:0:0:0:0:ffff:7f00:1]/',
  'http://[::ffff:a9fe:a9fe]/',
  'https://127.0.0.1/capa.jpg',
];

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, unique-local, multicast, reserved, unspecified and IPv4-embedding IPv6 forms', () => {
    for (const address of PRIVATE_ADDRESSES) expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts public unicast addresses, including the neighbours of the private ranges', () => {
    for (const address of ['8.8.8.8', '172.32.0.1', '172.15.255.255', '100.128.0.1', '169.253.255.255', '192.169.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses what does not parse', () => {
    for (const junk of ['', 'localhost', '1.2.3', '999.1.1.1', 'fe80::1%eth0x']) expect(isPublicAddress(junk), junk).toBe(false);
  });
});

describe('hostAllowed', () => {
  const list = ['covers.openlibrary.org', '*.metabooks.com'];
  it('matches exact names and sub-domains of a wildcard, nothing else', () => {
    expect(hostAllowed('covers.openlibrary.org', list)).toBe(true);
    expect(hostAllowed('COVERS.openlibrary.org.', list)).toBe(true);
    expect(hostAllowed('media.metabooks.com', list)).toBe(true);
    expect(hostAllowed('a.b.metabooks.com', list)).toBe(true);
    for (const host of ['metabooks.com', 'evilmetabooks.com', 'metabooks.com.evil.net', 'openlibrary.org', 'covers.openlibrary.org.evil.net', 'xcovers.openlibrary.org']) {
      expect(hostAllowed(host, list), host).toBe(false);
    }
    expect(hostAllowed('anything.example', ['*'])).toBe(true);
  });
});

describe('checkTarget (before any connection)', () => {
  const any: ImageFetchOptions = { allowHosts: ['*'] };

  async function refusal(url: string, options: ImageFetchOptions = any): Promise<string> {
    try {
      await checkTarget(url, options);
    } catch (error) {
      expect(error).toBeInstanceOf(ImageFetchError);
      expect((error as ImageFetchError).status).toBe(400);
      return (error as Error).message;
    }
    throw new Error(`${url} was accepted`);
  }

  it('refuses every private spelling even with the allow-list open to any host', async () => {
    for (const url of PRIVATE_URLS) expect(await refusal(url), url).toBe(IMAGE_PROXY_MESSAGES.privateAddress);
  });

  it('refuses a name that resolves to a private address, or to a public and a private one', async () => {
    expect(await refusal('http://localhost/capa.jpg')).toBe(IMAGE_PROXY_MESSAGES.privateAddress);
    const resolve: Resolver = async (host) =>
      host === 'interno.exemplo.com'
        ? [{ address: '10.1.2.3', family: 4 }]
        : [
            { address: '93.184.216.34', family: 4 },
            { address: '::1', family: 6 },
          ];
    expect(await refusal('http://interno.exemplo.com/', { allowHosts: ['*'], resolve })).toBe(IMAGE_PROXY_MESSAGES.privateAddress);
    expect(await refusal('http://misto.exemplo.com/', { allowHosts: ['*'], resolve })).toBe(IMAGE_PROXY_MESSAGES.privateAddress);
  });

  it('refuses other schemes, credentials, other ports and hosts outside the allow-list without resolving them', async () => {
    let resolved = 0;
    const resolve: Resolver = async () => {
      resolved++;
      return [{ address: '93.184.216.34', family: 4 }];
    };
    const options = { allowHosts: ['capas.exemplo.com'], resolve };
    for (const url of ['file:///etc/passwd', 'ftp://capas.exemplo.com/a.jpg', 'gopher://capas.exemplo.com/', 'data:image/png;base64,AAAA', 'não é url']) {
      expect(await refusal(url, options), url).toBe(IMAGE_PROXY_MESSAGES.invalidUrl);
    }
    expect(await refusal('http://user:senha@capas.exemplo.com/a.jpg', options)).toBe(IMAGE_PROXY_MESSAGES.credentials);
    expect(await refusal('http://capas.exemplo.com:8080/a.jpg', options)).toBe(IMAGE_PROXY_MESSAGES.port);
    expect(await refusal('http://capas.exemplo.com:22/a.jpg', options)).toBe(IMAGE_PROXY_MESSAGES.port);
    expect(await refusal('http://outro.exemplo.com/a.jpg', options)).toBe(IMAGE_PROXY_MESSAGES.hostNotAllowed);
    expect(await refusal('http://capas.exemplo.com.evil.net/a.jpg', options)).toBe(IMAGE_PROXY_MESSAGES.hostNotAllowed);
    expect(resolved).toBe(0);
    const ok = await checkTarget('https://capas.exemplo.com/a.jpg', options);
    expect(ok.pinned.address).toBe('93.184.216.34');
  });
});

describe('fetchRemoteImage against a local server', () => {
  let server: http.Server;
  let port: number;
  let png: Buffer;
  const seenHosts: string[] = [];
  let resolverCalls = 0;

  /** Options that treat the local server (127.0.0.1) as the public host `capas.teste`. */
  function local(over: Partial<ImageFetchOptions> = {}): ImageFetchOptions {
    return {
      allowHosts: ['capas.teste', 'interno.teste', '169.254.169.254', '::1'],
      ports: [port, 80, 443],
      timeoutMs: 2000,
      // rebinding attempt: the first answer is the (test-allowed) server, every later one an internal address
      resolve: async (host) => {
        resolverCalls++;
        if (host === 'interno.teste') return [{ address: '10.0.0.5', family: 4 }];
        return resolverCalls === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.9', family: 4 }];
      },
      isAllowedAddress: (address) => address === '127.0.0.1',
      ...over,
    };
  }

  beforeAll(async () => {
    png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#0E2956' } }).png().toBuffer();
    server = http.createServer((req, res) => {
      seenHosts.push(String(req.headers.host));
      const url = req.url ?? '/';
      if (url === '/capa.png') return void res.writeHead(200, { 'content-type': 'text/html' }).end(png);
      if (url === '/html') return void res.writeHead(200, { 'content-type': 'image/png' }).end('<html>não</html>');
      if (url === '/grande') return void res.writeHead(200, { 'content-length': String(6 * 1024 * 1024) }).end(Buffer.alloc(6 * 1024 * 1024));
      if (url === '/grande-sem-tamanho') {
        res.writeHead(200, { 'content-type': 'image/png' });
        for (let i = 0; i < 7; i++) res.write(Buffer.alloc(1024 * 1024));
        return void res.end();
      }
      if (url === '/metadados') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (url === '/interno') return void res.writeHead(302, { location: 'http://interno.teste/x.png' }).end();
      if (url === '/loopback6') return void res.writeHead(301, { location: `http://[::1]:${port}/capa.png` }).end();
      if (url === '/laco') return void res.writeHead(302, { location: '/laco' }).end();
      if (url === '/relativo') return void res.writeHead(302, { location: '/capa.png' }).end();
      if (url === '/lento') return; // never answers
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function failure(url: string, options: ImageFetchOptions): Promise<ImageFetchError> {
    try {
      await fetchRemoteImage(url, options);
    } catch (error) {
      expect(error).toBeInstanceOf(ImageFetchError);
      return error as ImageFetchError;
    }
    throw new Error(`${url} was fetched`);
  }

  it('fetches through the pinned address (resolved once; the host name itself is not resolvable), typed by magic bytes', async () => {
    resolverCalls = 0;
    const image = await fetchRemoteImage(`http://capas.teste:${port}/capa.png`, local());
    expect(image.contentType).toBe('image/png');
    expect(image.data.equals(png)).toBe(true);
    expect(resolverCalls).toBe(1);
    expect(seenHosts.at(-1)).toBe(`capas.teste:${port}`);
  });

  it('follows a relative redirect, re-checking the target', async () => {
    resolverCalls = 0;
    const image = await fetchRemoteImage(`http://capas.teste:${port}/relativo`, local({ resolve: async () => (resolverCalls++, [{ address: '127.0.0.1', family: 4 }]) }));
    expect(image.contentType).toBe('image/png');
    expect(resolverCalls).toBe(2);
  });

  it('refuses redirects to the metadata address, to a name resolving to a private address and to ::1 (400)', async () => {
    for (const path of ['/metadados', '/interno', '/loopback6']) {
      resolverCalls = 0;
      const error = await failure(`http://capas.teste:${port}${path}`, local());
      expect([path, error.status, error.message]).toEqual([path, 400, IMAGE_PROXY_MESSAGES.privateAddress]);
    }
  });

  it('gives up after 3 redirects, on remote errors, on content that is not an image, over 5 MB (declared or streamed) and on time-out', async () => {
    const cases: [string, number, string, Partial<ImageFetchOptions>?][] = [
      ['/laco', 502, IMAGE_PROXY_MESSAGES.tooManyRedirects],
      ['/nada', 502, IMAGE_PROXY_MESSAGES.upstream],
      ['/html', 502, IMAGE_PROXY_MESSAGES.notImage],
      ['/grande', 502, IMAGE_PROXY_MESSAGES.tooLarge],
      ['/grande-sem-tamanho', 502, IMAGE_PROXY_MESSAGES.tooLarge],
      ['/lento', 504, IMAGE_PROXY_MESSAGES.timeout, { timeoutMs: 300 }],
    ];
    for (const [path, status, message, over] of cases) {
      const error = await failure(`http://capas.teste:${port}${path}`, local({ resolve: async () => [{ address: '127.0.0.1', family: 4 }], ...over }));
      expect([path, error.status, error.message]).toEqual([path, status, message]);
    }
  });

  it('the route answers the bytes with the sniffed type and safe headers, and the SPEC error body on failure', async () => {
    // the route's handler alone (no access guard) on a bare app, with the local-server options
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const ctx = { config: { imageProxyHosts: ['capas.teste'] } } as unknown as AppContext;
    await app.register(async (api) => imageProxyRoutes(local({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] }))(api.withTypeProvider<ZodTypeProvider>(), ctx));
    const ok = await app.inject({ method: 'GET', url: `/proxy/imagem?url=${encodeURIComponent(`http://capas.teste:${port}/capa.png`)}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['cache-control']).toBe('private, max-age=86400');
    expect(ok.rawPayload.equals(png)).toBe(true);
    const bad = await app.inject({ method: 'GET', url: `/proxy/imagem?url=${encodeURIComponent(`http://capas.teste:${port}/html`)}` });
    expect(bad.statusCode).toBe(502);
    expect(bad.json()).toEqual({ message: IMAGE_PROXY_MESSAGES.notImage, messages: [{ field: 'url', message: IMAGE_PROXY_MESSAGES.notImage }] });
    await app.close();
  });

  it('with the default address policy, the same local server is never reached', async () => {
    const before = seenHosts.length;
    const error = await failure(`http://capas.teste:${port}/capa.png`, local({ isAllowedAddress: undefined, resolve: async () => [{ address: '127.0.0.1', family: 4 }] }));
    expect(error.status).toBe(400);
    expect(seenHosts.length).toBe(before);
  });
});

describe('GET proxy/imagem', () => {
  let t: TestApp;
  let admin: string;
  let seller: string;

  beforeAll(async () => {
    t = await createTestApp({ imageProxyHosts: ['*.exemplo.com.br', 'localhost', '127.0.0.1', '169.254.169.254', '::ffff:7f00:1', '10.0.0.1', '::1'] });
    admin = (await t.login('admin', 'admin')).token;
    seller = (await t.login('vendedor', 'vendedor')).token;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const q = (url: string) => `proxy/imagem?url=${encodeURIComponent(url)}`;

  it('401 without a session; every signed-in user, vendedor included (no catalogue role), reaches the fetch (SPEC section 7)', async () => {
    expect((await call(t.app, 'GET', q('https://capas.exemplo.com.br/a.jpg'))).statusCode).toBe(401);
    const route = t.routes.find((r) => r.method === 'GET' && r.url.endsWith('/proxy/imagem'));
    expect(route?.auth).toBe('required');
    expect(route?.role).toBeUndefined();
    // the access guard runs before validation: an answer naming the allow-list comes from the handler itself
    const res = await call(t.app, 'GET', q('https://outro.com.br/capa.jpg'), { token: seller });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).messages).toEqual([{ field: 'url', message: IMAGE_PROXY_MESSAGES.hostNotAllowed }]);
  });

  it('400 naming url for a missing or non-http URL and a host outside the allow-list', async () => {
    const missing = await call(t.app, 'GET', 'proxy/imagem', { token: admin });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as ErrorBody).messages[0].field).toBe('url');
    for (const url of ['file:///etc/passwd', 'gopher://localhost:25/']) {
      const res = await call(t.app, 'GET', q(url), { token: admin });
      expect(res.statusCode, url).toBe(400);
    }
    const other = await call(t.app, 'GET', q('https://outro.com.br/capa.jpg'), { token: admin });
    expect(other.statusCode).toBe(400);
    expect((other.json() as ErrorBody).messages).toEqual([{ field: 'url', message: IMAGE_PROXY_MESSAGES.hostNotAllowed }]);
  });

  it('400 for loopback, metadata, private and mapped addresses even when their names are allow-listed', async () => {
    for (const url of ['http://localhost/capa.jpg', 'http://127.0.0.1/capa.jpg', 'http://2130706433/capa.jpg', 'http://0x7f.1/', 'http://169.254.169.254/latest/meta-data/', 'http://[::ffff:127.0.0.1]/', 'http://10.0.0.1/', 'http://[::1]/']) {
      const res = await call(t.app, 'GET', q(url), { token: admin });
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as ErrorBody).messages[0], url).toEqual({ field: 'url', message: IMAGE_PROXY_MESSAGES.privateAddress });
    }
  });
});
