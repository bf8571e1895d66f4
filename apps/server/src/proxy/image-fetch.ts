import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { COVER_MAX_BYTES } from '@acervo/contracts';
import { sniffImageType, type ImageKind } from '../products/cover-image.ts';

/**
 * Server-side fetch of a remote cover for `GET proxy/imagem?url=` with SSRF defences:
 * 1. only `http:`/`https:` URLs, no user name or password, only the ports in `ports` (80 and 443);
 * 2. the host must be in the allow-list (`IMAGE_PROXY_HOSTS`: exact names or `*.domain` suffixes);
 * 3. the host is resolved once here and EVERY address it resolves to must be public unicast
 *    (`isPublicAddress`): loopback, private, link-local (cloud metadata 169.254.169.254),
 *    carrier-grade NAT, unique-local, multicast, reserved, unspecified, and IPv6 forms embedding an
 *    IPv4 address (IPv4-mapped `::ffff:…`, NAT64, 6to4, Teredo) are refused. IP spellings in
 *    decimal, hex or octal (`2130706433`, `0x7f.1`, `0177.0.0.1`) are normalised by the URL parser
 *    to dotted decimal before the check;
 * 4. the connection goes to the address that was checked (the socket's `lookup` is pinned to it),
 *    so a DNS answer that changes between check and connect (rebinding) cannot redirect it; TLS
 *    still verifies the certificate against the host name;
 * 5. redirects are followed by hand (at most `maxRedirects`), each target checked from step 1;
 * 6. a time-out covers the whole exchange (all hops and the body), the body is cut at `maxBytes`
 *    (a larger `Content-Length` is refused before reading), and the content must be JPEG, PNG or
 *    WebP by its magic bytes (the remote content type is ignored).
 */

/** Why a proxied fetch failed; `status` is the HTTP status the route answers. */
export class ImageFetchError extends Error {
  constructor(
    readonly status: 400 | 502 | 504,
    message: string,
  ) {
    super(message);
    this.name = 'ImageFetchError';
  }
}

/** Messages (pt-BR) of the refusals and failures. */
export const IMAGE_PROXY_MESSAGES = {
  invalidUrl: 'URL inválida: use um endereço http ou https',
  credentials: 'URL com usuário ou senha não é permitida',
  port: 'Porta não permitida: use 80 (http) ou 443 (https)',
  hostNotAllowed: 'Servidor de imagens não permitido',
  privateAddress: 'Endereço não permitido: a URL aponta para a rede interna',
  unresolved: 'Servidor de imagens não encontrado',
  tooManyRedirects: 'Redirecionamentos demais',
  upstream: 'O servidor de imagens respondeu com erro',
  tooLarge: `A imagem passa do limite de ${Math.round(COVER_MAX_BYTES / 1024 / 1024)} MB`,
  notImage: 'O endereço não contém uma imagem JPEG, PNG ou WebP',
  timeout: 'Tempo esgotado ao buscar a imagem',
} as const;

/** A resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** DNS resolution: every address of a host name. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Options of `fetchRemoteImage`. */
export interface ImageFetchOptions {
  /** Allowed hosts: `capas.exemplo.com.br` exact, `*.exemplo.com.br` any sub-domain, `*` any host (not advised). */
  allowHosts: readonly string[];
  /** Largest body, bytes (default COVER_MAX_BYTES). */
  maxBytes?: number;
  /** Time-out of the whole fetch, ms (default 10,000). */
  timeoutMs?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  /** Ports allowed (default 80 and 443). */
  ports?: readonly number[];
  /** DNS resolution (default the system resolver, every address). Tests inject one. */
  resolve?: Resolver;
  /** Address policy (default `isPublicAddress`). Tests of the happy path inject one allowing their local server. */
  isAllowedAddress?: (address: string) => boolean;
}

/** A fetched image. */
export interface FetchedImage {
  data: Buffer;
  contentType: ImageKind;
}

/** The system resolver, every address (A and AAAA). */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * True only for a public unicast address (ipaddr.js range `unicast`); an IPv4-mapped IPv6
 * address is judged as its IPv4 address. Anything that is not a canonical IPv4/IPv6 text is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // canonical text only (net.isIP): ipaddr.js alone would also read `1.2.3` or `0x7f.1` as addresses
  if (net.isIP(bare) === 0) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** True when `hostname` (lower case, no trailing dot) matches the allow-list. */
export function hostAllowed(hostname: string, allowHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowHosts.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (!rule) return false;
    if (rule === '*') return true;
    if (rule.startsWith('*.')) return host.endsWith(rule.slice(1)) && host.length > rule.length - 1;
    return host === rule;
  });
}

/**
 * Checks one URL (steps 1–3) and answers the URL and the address to connect to.
 * @throws ImageFetchError 400 when refused
 */
export async function checkTarget(raw: string, options: ImageFetchOptions): Promise<{ url: URL; pinned: ResolvedAddress }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImageFetchError(400, IMAGE_PROXY_MESSAGES.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImageFetchError(400, IMAGE_PROXY_MESSAGES.invalidUrl);
  if (url.username || url.password) throw new ImageFetchError(400, IMAGE_PROXY_MESSAGES.credentials);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!(options.ports ?? [80, 443]).includes(port)) throw new ImageFetchError(400, IMAGE_PROXY_MESSAGES.port);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!hostAllowed(hostname, options.allowHosts)) throw new ImageFetchError(400, IMAGE_PROXY_MESSAGES.hostNotAllowed);
  const allowed = options.isAllowedAddress ?? isPublicAddress;
  let addresses: ResolvedAddress[];
  if (net.isIP(hostname)) {
    addresses = [{ address: hostname, family: net.isIP(hostname) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch {
      throw new ImageFetchError(400, IMAGE_PROXY_MESSAGES.unresolved);
    }
  }
  if (addresses.length === 0) throw new ImageFetchError(400, IMAGE_PROXY_MESSAGES.unresolved);
  // every answer must be public: a name answering one public and one private address is refused
  if (!addresses.every((a) => allowed(a.address))) throw new ImageFetchError(400, IMAGE_PROXY_MESSAGES.privateAddress);
  return { url, pinned: addresses[0] };
}

/** One HTTP exchange to the pinned address. Answers the status, the Location and the body (capped). */
function requestOnce(url: URL, pinned: ResolvedAddress, maxBytes: number, signal: AbortSignal): Promise<{ status: number; location?: string; body?: Buffer }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        signal,
        // the socket connects to the checked address, never to a second DNS answer
        lookup: ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
          if (opts?.all) cb(null, [{ address: pinned.address, family: pinned.family }]);
          else cb(null, pinned.address, pinned.family);
        }) as unknown as net.LookupFunction,
        headers: { accept: 'image/jpeg, image/png, image/webp', 'user-agent': 'Acervo-ImageProxy/1.0' },
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: typeof res.headers.location === 'string' ? res.headers.location : undefined });
          return;
        }
        if (status !== 200) {
          res.resume();
          resolve({ status });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          res.destroy();
          reject(new ImageFetchError(502, IMAGE_PROXY_MESSAGES.tooLarge));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new ImageFetchError(502, IMAGE_PROXY_MESSAGES.tooLarge));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Fetches a remote JPEG, PNG or WebP image under the SSRF rules of this module.
 * @throws ImageFetchError 400 (URL refused: scheme, credentials, port, host not allowed, a
 *   non-public address, also after a redirect), 502 (remote error, too many redirects, body over
 *   `maxBytes`, not an image), 504 (time-out)
 */
export async function fetchRemoteImage(raw: string, options: ImageFetchOptions): Promise<FetchedImage> {
  const maxBytes = options.maxBytes ?? COVER_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? 3;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
  try {
    let current = raw;
    for (let hop = 0; ; hop++) {
      const { url, pinned } = await checkTarget(current, options);
      if (controller.signal.aborted) throw new ImageFetchError(504, IMAGE_PROXY_MESSAGES.timeout);
      const answer = await requestOnce(url, pinned, maxBytes, controller.signal);
      if (answer.status >= 300 && answer.status < 400) {
        if (!answer.location) throw new ImageFetchError(502, IMAGE_PROXY_MESSAGES.upstream);
        if (hop >= maxRedirects) throw new ImageFetchError(502, IMAGE_PROXY_MESSAGES.tooManyRedirects);
        current = new URL(answer.location, url).toString();
        continue;
      }
      if (answer.status !== 200 || !answer.body) throw new ImageFetchError(502, IMAGE_PROXY_MESSAGES.upstream);
      const contentType = sniffImageType(answer.body);
      if (!contentType) throw new ImageFetchError(502, IMAGE_PROXY_MESSAGES.notImage);
      return { data: answer.body, contentType };
    }
  } catch (error) {
    if (error instanceof ImageFetchError) throw error;
    if (controller.signal.aborted) throw new ImageFetchError(504, IMAGE_PROXY_MESSAGES.timeout);
    throw new ImageFetchError(502, IMAGE_PROXY_MESSAGES.upstream);
  } finally {
    clearTimeout(timer);
  }
}
