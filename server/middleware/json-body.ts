import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import bourne from '@hapi/bourne';
import type { Context, Middleware } from 'koa';
import getRawBody from 'raw-body';
import { AppError, invalidJson, payloadTooLarge, scalarJson, unsupportedMediaType } from '../errors.js';

const JSON_TYPES = ['application/json', 'application/*+json'];
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** The content codings the body is decoded from, one per body. */
const DECODED_CODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);

/**
 * How Node's decompressors report bytes that do not decode. Their errors have no class of
 * their own, only a `code`: a zlib return code (a truncated stream is `Z_BUF_ERROR`), or for
 * brotli `ERR_` and the decoder's error name without its `BROTLI_DECODER` prefix
 * (`ERR__ERROR_FORMAT_PADDING_2`). Memory and usage failures stay internal errors.
 */
const CORRUPT_DATA_CODES = new Set([
  'Z_DATA_ERROR',
  'Z_BUF_ERROR',
  'Z_NEED_DICT',
  ...Object.keys(zlib.constants)
    .filter((name) => name.startsWith('BROTLI_DECODER_ERROR_FORMAT_'))
    .map((name) => `ERR_${name.slice('BROTLI_DECODER'.length)}`),
]);

const unsupportedContentEncoding = (encoding: string): AppError =>
  new AppError(
    415,
    'unsupported_content_encoding',
    `Content-Encoding "${encoding}" is not accepted; send the body as is, or compressed once with gzip, deflate or br.`,
  );

const corruptBody = (encoding: string): AppError =>
  new AppError(400, 'corrupt_body', `The body is not valid ${encoding} data; compress it again, or send it uncompressed.`);

const incompleteBody = (): AppError => new AppError(400, 'bad_request', 'The request body was incomplete.');

/**
 * Deepest nesting of arrays and objects a body may have. The deepest a route's schema reaches is
 * about ten levels; a body nested thousands deep (parsed fine by JSON.parse) overflowed the stack
 * of the recursive code that reads it later (an idempotency hash, structured cloning), as a 500.
 */
export const MAX_BODY_DEPTH = 64;

const tooDeep = (): AppError =>
  new AppError(
    400,
    'body_too_deeply_nested',
    `The request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep; send a flatter document.`,
  );

/** Whether a parsed JSON value nests deeper than `max` (walked without recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Charsets a JSON body may declare. JSON exchanged between systems is UTF-8 (RFC 8259, 8.1) and
 * the parser decodes every body as UTF-8, so a body declared in another charset (Latin-1,
 * UTF-16) would be read as something its sender did not write: such a body is refused. ASCII is
 * UTF-8's first 128 characters.
 */
const UTF8_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii']);

const unsupportedCharset = (charset: string): AppError =>
  new AppError(
    415,
    'unsupported_charset',
    `Content-Type declares charset "${charset}"; JSON bodies are read as UTF-8. Encode the body as UTF-8 and send charset=utf-8, or no charset.`,
  );

const sendsBody = (ctx: Context): boolean => Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';

/** Refuses a body that is not JSON, or not UTF-8, before reading it. */
function requireJson(ctx: Context): void {
  if (!ctx.is(JSON_TYPES)) throw unsupportedMediaType(ctx.get('content-type') || '(none)');
  const charset = ctx.request.charset;
  if (charset && !UTF8_CHARSETS.has(charset.toLowerCase())) throw unsupportedCharset(charset);
}

/**
 * The body's one content coding, in lower case (codings are case-insensitive, RFC 9110, 8.4.1).
 * Anything else (unknown codings, lists such as `gzip, gzip`) is refused, even on an empty body.
 */
function contentCoding(ctx: Context): string {
  const encoding = ctx.get('content-encoding');
  if (encoding === '') return 'identity';
  const coding = encoding.trim().toLowerCase();
  if (!DECODED_CODINGS.has(coding)) throw unsupportedContentEncoding(encoding);
  return coding;
}

/** The request's bytes as sent, decompressed (`gzip` and `deflate` alike, as zlib detects them). */
function decoded(ctx: Context, coding: string): Readable {
  if (coding === 'identity') return ctx.req;
  const decompress = coding === 'br' ? zlib.createBrotliDecompress() : zlib.createUnzip();
  // The reader sees an aborted request through the decompressor, as raw-body reports it.
  const aborted = () => decompress.destroy(Object.assign(new Error('The request was aborted.'), { type: 'request.aborted' }));
  ctx.req.once('aborted', aborted);
  ctx.req.once('error', aborted);
  return ctx.req.pipe(decompress);
}

const invalidUtf8 = (): AppError =>
  new AppError(
    400,
    'invalid_utf8',
    'The request body is not valid UTF-8. JSON bodies are read as UTF-8 (RFC 8259); encode the text as UTF-8 and send it again.',
  );

/** A UTF-8 byte order mark, which RFC 8259 lets a parser ignore. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Whitespace (RFC 8259) and then the start of an object or an array. */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[[{]/;

/**
 * Reads and parses the body. The bytes are checked as UTF-8 before they are decoded: decoding
 * alone would turn each invalid byte into U+FFFD and store text its sender did not write. An
 * empty body is `{}`; a body that is not an object or an array, or that sets `__proto__`, is
 * invalid JSON.
 */
async function readJson(ctx: Context, coding: string, limitBytes: number): Promise<unknown> {
  const declared = ctx.get('content-length');
  let bytes = await getRawBody(decoded(ctx, coding), {
    limit: limitBytes,
    // raw-body checks a declared length against the bytes read (`request.size.invalid`).
    ...(declared && coding === 'identity' ? { length: Number(declared) } : {}),
  });
  if (bytes.subarray(0, 3).equals(BOM)) bytes = bytes.subarray(3);
  if (bytes.length === 0) return {};
  if (!isUtf8(bytes)) throw invalidUtf8();
  const text = bytes.toString('utf8');
  if (!OBJECT_OR_ARRAY.test(text)) throw isJson(text) ? scalarJson() : invalidJson();
  let parsed: unknown;
  try {
    parsed = bourne.parse(text, { protoAction: 'error' });
  } catch (err) {
    // Valid JSON that bourne refuses sets a `__proto__` key: say so, not "not valid JSON".
    if (err instanceof SyntaxError && isJson(text)) throw prototypeKey();
    throw err;
  }
  // Valid UTF-8 bytes can still spell a lone surrogate as an escape ("\\ud800"): no UTF-8 text
  // can hold one, and storing it would write U+FFFD in its place.
  if (SURROGATE_ESCAPE.test(text) && escapesLoneSurrogate(text)) throw loneSurrogate();
  return parsed;
}

/** Whether the text is JSON at all (a scalar here: objects and arrays are read as usual). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A JSON escape of a UTF-16 surrogate, paired or not. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * An escaped backslash (skipped), or a high surrogate escape with the low one that may follow it,
 * or a low surrogate escape alone. Only escapes can hold a surrogate: UTF-8 bytes cannot.
 */
const SURROGATE_ESCAPES = /\\(?:\\|u[dD][89abAB][0-9a-fA-F]{2}(\\u[dD][c-fC-F][0-9a-fA-F]{2})?|u[dD][c-fC-F][0-9a-fA-F]{2})/g;

/** Whether the JSON text escapes a surrogate outside a pair: one pass over the text, no walk of the document. */
function escapesLoneSurrogate(text: string): boolean {
  for (const m of text.matchAll(SURROGATE_ESCAPES)) {
    const found = m[0];
    if (found === '\\\\') continue;
    // A high half needs its low half right after it; a low half alone is lone.
    if (/^\\u[dD][89abAB]/.test(found) ? m[1] === undefined : true) return true;
  }
  return false;
}

const prototypeKey = (): AppError =>
  new AppError(
    400,
    'invalid_json',
    'The request body sets a "__proto__" key, which is refused (it would reach object prototypes). Rename or remove that key.',
  );

const loneSurrogate = (): AppError =>
  new AppError(
    400,
    'invalid_utf8',
    'The request body escapes a lone UTF-16 surrogate (a \\uD800-\\uDFFF escape without its pair), which UTF-8 text cannot hold. Send the character itself, or both halves of its surrogate pair.',
  );

/**
 * Translates what reading the body threw, by the library's error `type`, class or code; what
 * is not the client's doing passes on as it is (an internal error).
 */
function bodyError(err: unknown, ctx: Context, limitBytes: number): unknown {
  const { type, code } = (err ?? {}) as { type?: unknown; code?: unknown };
  // raw-body's errors carry a stable `type`.
  if (type === 'entity.too.large') return payloadTooLarge(limitBytes);
  if (type === 'request.aborted' || type === 'request.size.invalid' || type === 'stream.not.readable') return incompleteBody();
  // JSON.parse's SyntaxError, and bourne's refusal of `__proto__` (a SyntaxError too).
  if (err instanceof SyntaxError) return invalidJson();
  if (typeof code === 'string' && CORRUPT_DATA_CODES.has(code)) return corruptBody(ctx.get('content-encoding'));
  return err;
}

/**
 * Reads a JSON body into `ctx.request.body`: only JSON in UTF-8 is accepted, compressed or not,
 * up to `limitBytes` once decompressed, nested at most {@link MAX_BODY_DEPTH} levels. A client's
 * mistake is an AppError (400, 413 or 415). Other methods, and bodies already read, pass on.
 * `limitBytes` may depend on the request's path and query (a route's own limit).
 */
export function jsonBody(limit: number | ((ctx: Context) => number)): Middleware {
  return async (ctx, next) => {
    if (BODY_METHODS.includes(ctx.method) && ctx.request.body === undefined) {
      const limitBytes = typeof limit === 'number' ? limit : limit(ctx);
      if (sendsBody(ctx)) requireJson(ctx);
      const coding = contentCoding(ctx);
      let body: unknown = {};
      if (ctx.is(JSON_TYPES)) {
        try {
          body = await readJson(ctx, coding, limitBytes);
        } catch (err) {
          throw bodyError(err, ctx, limitBytes);
        }
      }
      if (nestsDeeperThan(body, MAX_BODY_DEPTH)) throw tooDeep();
      ctx.request.body = body;
    }
    await next();
  };
}
