/**
 * Request-level hostile inputs of the fuzz test, independent of any route's schema: path
 * segments, query strings, bodies that are not JSON, Content-Type and Content-Encoding
 * variants, request ids, odd headers and API keys.
 */
import zlib from 'node:zlib';
import { PROTO_NAMES } from './fuzz-values.js';

/** API keys of the run, by what they are. */
export interface FuzzKeys {
  valid: string;
  noScope: string;
  revoked: string;
  free: string;
}

/** Percent-encodes text, writing lone surrogates as their (invalid) 3-byte UTF-8 forms. */
export function encodeLoose(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (cp >= 0xd800 && cp <= 0xdfff)
        out +=
          `%${(0xe0 | (cp >> 12)).toString(16)}%${(0x80 | ((cp >> 6) & 0x3f)).toString(16)}%${(0x80 | (cp & 0x3f)).toString(16)}`.toUpperCase();
      else out += encodeURIComponent(ch);
    }
    return out;
  }
}

/** A query string from a value object (arrays become repeated keys). */
export function toQuery(q: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      parts.push(`${encodeLoose(k)}=${encodeLoose(typeof item === 'string' ? item : JSON.stringify(item))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Path segments a router, a uuid check and a store lookup each might mishandle. */
export const BAD_PATH_VALUES: [string, string][] = [
  ['not-a-uuid', 'not-a-uuid'],
  ['nil-uuid', '00000000-0000-0000-0000-000000000000'],
  ['uuid-plus', 'a0000000-0000-4000-8000-000000000001x'],
  ['nul', '%00'],
  ['bad-percent', '%ZZ'],
  ['truncated-percent', '%E0%A4%A'],
  ['lone-surrogate-utf8', '%ED%A0%80'],
  ['overlong-utf8', '%C0%AF'],
  ['emoji', '%F0%9F%98%80'],
  ['rtl', '%E2%80%AEevil'],
  ['encoded-slash', 'a%2Fb'],
  ['dot-dot', '..'],
  ['dot', '.'],
  ['encoded-dot-dot', '%2e%2e'],
  ['space', '%20'],
  ['newline', '%0A'],
  ['null-word', 'null'],
  ['minus-one', '-1'],
  ['1e400', '1e400'],
  ['long-4k', 'z'.repeat(4_000)],
  ['semicolon', 'x;y=1'],
  ...PROTO_NAMES.map((n): [string, string] => [`proto:${n}`, n]),
];

/** Query strings every route should refuse or ignore cleanly. */
export const ODD_QUERIES: [string, string][] = [
  ...PROTO_NAMES.map((n): [string, string] => [`proto-key:${n}`, `?${n}=1`]),
  ['proto-bracket', '?__proto__[polluted]=1'],
  ['constructor-prototype', '?constructor[prototype][polluted]=1'],
  ['bracket-key', '?a[b]=1'],
  ['empty-key', '?=x'],
  ['only-separators', '?&&&=&'],
  ['semicolons', '?x=1;y=2'],
  ['bad-percent-key', '?%ZZ=1'],
  ['nul-key', '?%00=1'],
  ['lone-surrogate-key', '?%ED%A0%80=1'],
  ['many-params', `?${Array.from({ length: 300 }, (_, i) => `p${i}=${i}`).join('&')}`],
  ['question-marks', '??x=1?y=2'],
  ['hash', '?x=1#frag'],
];

/** Content-Type values: missing, wrong, odd charsets, case, duplicates. */
export const CONTENT_TYPES: (string | string[] | null)[] = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=latin1',
  'application/json; charset=utf-16le',
  'application/json; charset=bogus-42',
  'application/json; charset="utf-8"',
  'application/json;;;',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/problem+json',
  '*/*',
  'application/*',
  'json',
  '',
  ['application/json', 'text/plain'],
  ['text/plain', 'application/json'],
  'application/json, text/plain',
];

/** Bodies that are not JSON, or JSON a parser might mishandle: bare scalars, prototype keys, bad bytes, nesting. */
export const MALFORMED_BODIES: [string, string | Buffer][] = [
  ['empty', ''],
  ['open-brace', '{'],
  ['close-brace', '}'],
  ['unterminated-member', '{"a":'],
  ['unterminated-string', '{"query":"x'],
  ['nul-literal', 'nul'],
  ['NaN-literal', 'NaN'],
  ['Infinity-literal', 'Infinity'],
  ['minus', '-'],
  ['trailing-comma', '[1,]'],
  ['single-quotes', "{'query':'x'}"],
  ['extra-brace', '{"query":"x"}}'],
  ['trailing-garbage', '{"query":"x"} trailing'],
  ['bom', '\ufeff{"query":"x"}'],
  ['bare-string', '"string"'],
  ['bare-number', '123'],
  ['bare-null', 'null'],
  ['bare-true', 'true'],
  ['bare-array', '[]'],
  ['array-of-object', '[{}]'],
  ['proto-key', '{"__proto__":{"polluted":true}}'],
  ['nested-proto-key', '{"filters":{"__proto__":{"polluted":true}}}'],
  ['constructor-prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['duplicate-keys', '{"query":"a","query":{"b":1}}'],
  ['comment', '/* c */{}'],
  ['bad-escape', '{"query":"\\x41"}'],
  ['raw-control-char', '{"query":"a\nb"}'],
  ['escaped-lone-surrogate', '{"query":"\\ud800"}'],
  ['escaped-nul', '{"query":"\\u0000"}'],
  ['huge-number', '{"limit":1e400}'],
  ['whitespace-only', ' \n\t '],
  ['nul-byte', '\u0000'],
  ['deep-arrays-200k', '['.repeat(200_000) + ']'.repeat(200_000)],
  ['deep-unclosed-100k', '{"a":'.repeat(100_000)],
  ['invalid-utf8', Buffer.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])],
  ['utf16le', Buffer.from('{"query":"engineer"}', 'utf16le')],
];

const same = (b: Buffer) => b;
/** Content-Encoding variants: label, header value(s), what to do to the body, whether to send it chunked. */
export const CONTENT_ENCODINGS: [string, string | string[], (b: Buffer) => Buffer, boolean?][] = [
  ['bogus', 'bogus', same],
  ['gzip-on-plain-body', 'gzip', same],
  ['deflate-on-plain-body', 'deflate', same],
  ['br-on-plain-body', 'br', same],
  ['gzip-gzip-on-plain-body', 'gzip, gzip', same],
  ['upper-GZIP-on-plain-body', 'GZIP', same],
  ['empty', '', same],
  ['identity', 'identity', same],
  ['gzip-valid', 'gzip', (b) => zlib.gzipSync(b)],
  ['deflate-valid', 'deflate', (b) => zlib.deflateSync(b)],
  ['br-valid', 'br', (b) => zlib.brotliCompressSync(b)],
  ['gzip-truncated', 'gzip', (b) => zlib.gzipSync(b).subarray(0, 12)],
  ['gzip-bomb-20MB', 'gzip', () => zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20))],
  ['duplicate-gzip-headers', ['gzip', 'gzip'], (b) => zlib.gzipSync(zlib.gzipSync(b))],
  ['gzip-valid-chunked', 'gzip', (b) => zlib.gzipSync(b), true],
];

/** X-Request-Id values the server must replace (or, when well-formed, keep). */
export function requestIdVariants(big: number, slug: string): [string, string | string[]][] {
  return [
    ['too-long', 'a'.repeat(129)],
    ['max-length-kept', `${'A'.repeat(100)}-${slug}`.slice(0, 128)],
    ['space', 'has space'],
    ['latin1', 'caf\u00e9-\u00ff'],
    ['empty', ''],
    ['slashes', '../../etc/passwd'],
    ['html', '<script>alert(1)</script>'],
    ['tab', 'id\twith\ttab'],
    ['percent-nul', '%00'],
    ['huge', 'r'.repeat(big)],
    ['duplicate', [`fz-${slug}-dup-a`, `fz-${slug}-dup-b`]],
    ['proto-name', '__proto__'],
  ];
}

/** Headers the app should ignore or refuse cleanly (all within Node's header limit). */
export function oddHeaders(big: number): [string, [string, string][]][] {
  return [
    ['huge-header', [['X-Fuzz-Huge', 'h'.repeat(big)]]],
    ['200-headers', Array.from({ length: 200 }, (_, i): [string, string] => [`X-Fuzz-${i}`, String(i)])],
    ['accept-xml', [['Accept', 'application/xml']]],
    ['accept-encoding-gzip', [['Accept-Encoding', 'gzip, br']]],
    ['accept-charset-bogus', [['Accept-Charset', 'bogus']]],
    ['cookie-proto', [['Cookie', '__proto__=1; constructor=2']]],
    ['authorization-bearer', [['Authorization', 'Bearer fuzz']]],
    [
      'forwarded-garbage',
      [
        ['X-Forwarded-For', 'not an ip, ::::'],
        ['X-Forwarded-Proto', 'gopher'],
        ['X-Forwarded-Host', '%00'],
      ],
    ],
    ['host-odd', [['Host', 'evil.example:99999']]],
    ['connection-close', [['Connection', 'close']]],
    [
      'if-none-match',
      [
        ['If-None-Match', '*'],
        ['If-Modified-Since', 'garbage'],
      ],
    ],
    ['range', [['Range', 'bytes=0-0,5-']]],
    ['origin-null', [['Origin', 'null']]],
  ];
}

/** A key shaped like a Proxima key that identifies nobody. */
export const UNKNOWN_KEY = `prx_${'A'.repeat(10)}_${'b'.repeat(40)}`;

/** Keys that identify nobody; on an authenticated route they are 401 before anything else (docs/errors.md). */
const REFUSED_KEYS = new Set([
  'missing',
  'empty',
  'blank',
  'short',
  'well-shaped-unknown',
  'known-prefix-wrong-secret',
  'revoked',
  'valid-plus-char',
  'lower-cased-valid',
  'proto-constructor',
  'proto-__proto__',
  'latin1',
  'huge',
]);

/** API key variants: missing, malformed, unknown, revoked, lacking scope, free tier, padded, duplicated. */
export function keyVariants(keys: FuzzKeys, big: number): { label: string; key: string | string[] | null; refused: boolean }[] {
  const list: [string, string | string[] | null][] = [
    ['missing', null],
    ['empty', ''],
    ['blank', '   '],
    ['short', 'prx_short'],
    ['well-shaped-unknown', UNKNOWN_KEY],
    ['known-prefix-wrong-secret', `${keys.valid.slice(0, 15)}_${'c'.repeat(40)}`],
    ['revoked', keys.revoked],
    ['no-scope', keys.noScope],
    ['free-tier', keys.free],
    ['padded-valid', `  ${keys.valid}  `],
    ['valid-plus-char', `${keys.valid}x`],
    ['lower-cased-valid', keys.valid.toLowerCase()],
    ['proto-constructor', 'constructor'],
    ['proto-__proto__', '__proto__'],
    ['latin1', `prx_\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9_${'d'.repeat(40)}`],
    ['huge', 'k'.repeat(big)],
    ['duplicate-valid-invalid', [keys.valid, UNKNOWN_KEY]],
    ['duplicate-valid-valid', [keys.valid, keys.valid]],
  ];
  return list.map(([label, key]) => ({ label, key, refused: REFUSED_KEYS.has(label) }));
}

/** Percent-encodings a query parser may choke on. */
export const QUERY_VALUE_ENCODINGS: [string, string][] = [
  ['bad-percent', '%ZZ'],
  ['truncated-percent', '%E0%A4%A'],
  ['lone-percent', '%'],
  ['nul', '%00'],
  ['lone-surrogate-utf8', '%ED%A0%80'],
  ['plus-space', '+a+'],
];
