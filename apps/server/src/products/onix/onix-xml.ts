/**
 * Streaming ONIX reader: feeds the file through `saxes` chunk by chunk and hands over one small
 * element tree per `<Product>`/`<product>` (never a tree of the whole file). Namespace-agnostic
 * (any default namespace or prefix, or none), accepts a bare `<Product>` root, maps short tags to
 * reference names ({@link elementKey}), and resolves HTML entities and entities declared in the
 * DOCTYPE internal subset.
 */
import fs from 'node:fs';
import { SaxesParser } from 'saxes';
import { decodeHtmlEntities, HTML_ENTITIES } from './html-entities.ts';
import { createChunkDecoder } from './onix-encoding.ts';
import { elementKey } from './short-tags.ts';

/** An element of a product tree: key (lower-case reference name), attributes, mixed content. */
export interface XmlNode {
  key: string;
  attrs: Record<string, string>;
  /** Child elements, in order. */
  children: XmlNode[];
  /** Text and child elements in document order (for rich text such as XHTML descriptions). */
  content: (string | XmlNode)[];
}

/** A product element with the line it starts on. */
export interface ProductNode {
  node: XmlNode;
  line: number;
}

/** Malformed XML: the file must be refused. `line`/`column` are 1-based. */
export class OnixXmlError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`XML inválido na linha ${line}, coluna ${column}: ${reason}`);
    this.name = 'OnixXmlError';
  }
}

/** What the reader learned about the message as a whole. */
export interface OnixStreamInfo {
  /** Root element key (`onixmessage`, or `product` for a bare product). */
  root: string | null;
  /** `release` attribute of the root, when present (`3.0`, `2.1`). */
  release: string | null;
  /** Number of product elements read. */
  products: number;
}

/** Entities declared in a DOCTYPE internal subset: `<!ENTITY name "value">`. */
export function internalSubsetEntities(doctype: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(?:"([^"]*)"|'([^']*)')\s*>/g;
  for (let m = re.exec(doctype); m; m = re.exec(doctype)) out[m[1]] = decodeHtmlEntities(m[2] ?? m[3] ?? '');
  return out;
}

/**
 * Reads `file` and calls `onProducts` with the products completed by each chunk (in order).
 * The callback is awaited before the next chunk is parsed, so writing can keep pace with reading.
 * @param encoding from `detectFileEncoding`
 * @throws OnixXmlError at the first well-formedness error (line, column and saxes' reason)
 */
export async function streamOnixProducts(
  file: string,
  encoding: string,
  onProducts: (products: ProductNode[]) => Promise<void>,
  chunkSize = 1 << 16,
): Promise<OnixStreamInfo> {
  const parser = new SaxesParser({ position: true });
  Object.assign(parser.ENTITIES, HTML_ENTITIES);
  const info: OnixStreamInfo = { root: null, release: null, products: 0 };
  const ready: ProductNode[] = [];
  const stack: XmlNode[] = [];
  let productLine = 0;
  let failure: OnixXmlError | null = null;

  parser.on('error', (err) => {
    if (!failure) {
      const reason = err.message.replace(/^(?:[^:\n]*:)?\d+:\d+:\s*/, '');
      failure = new OnixXmlError(parser.line, parser.column, reason);
    }
    throw failure;
  });
  parser.on('doctype', (doctype) => Object.assign(parser.ENTITIES, internalSubsetEntities(doctype)));
  parser.on('opentag', (tag) => {
    const key = elementKey(tag.name);
    if (info.root === null) {
      info.root = key;
      const release = Object.entries(tag.attributes).find(([k]) => k.toLowerCase() === 'release');
      info.release = release ? String(release[1]) : null;
    }
    if (stack.length === 0 && key !== 'product') return;
    const node: XmlNode = { key, attrs: {}, children: [], content: [] };
    for (const [name, value] of Object.entries(tag.attributes)) node.attrs[name.toLowerCase()] = String(value);
    if (stack.length === 0) productLine = parser.line;
    else {
      const parent = stack[stack.length - 1];
      parent.children.push(node);
      parent.content.push(node);
    }
    stack.push(node);
  });
  const onText = (text: string) => {
    if (stack.length > 0) stack[stack.length - 1].content.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const node = stack.pop();
    if (node && stack.length === 0) {
      info.products++;
      ready.push({ node, line: productLine });
    }
  });

  const decoder = createChunkDecoder(encoding);
  const write = async (text: string) => {
    for (let i = 0; i < text.length; i += chunkSize) {
      parser.write(text.slice(i, i + chunkSize));
      if (ready.length > 0) await onProducts(ready.splice(0));
    }
  };
  try {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: chunkSize })) {
      await write(decoder.write(chunk as Buffer));
    }
    await write(decoder.end());
    parser.close();
  } catch (err) {
    if (failure) throw failure;
    throw err;
  }
  if (ready.length > 0) await onProducts(ready.splice(0));
  return info;
}
