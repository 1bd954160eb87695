/**
 * Hostile values for the HTTP fuzz test, by kind. Each entry has a label, used in reports so a
 * failure says which value broke the route ("string:proto:constructor" is easier to act on
 * than a 100,000-character dump).
 */
import { deepArray, deepObject, obj, raw } from './fuzz-json.js';

export interface Labeled {
  label: string;
  value: unknown;
}

const L = (label: string, value: unknown): Labeled => ({ label, value });

/** A value built only when a case uses it (10,000-item arrays are not built for every property). */
function lazy(label: string, make: () => unknown): Labeled {
  let cached: { v: unknown } | undefined;
  return {
    label,
    get value() {
      cached ??= { v: make() };
      return cached.v;
    },
  };
}

/** Names every plain object inherits: a lookup table keyed by user text finds them all. */
export const PROTO_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'prototype',
] as const;

/** Unicode that breaks naive text handling: bidi controls, emoji, combining marks, surrogates, NUL. */
export const UNICODE_STRINGS: Labeled[] = [
  L('unicode:rtl', '\u202Eevil\u202C مهندس برمجيات في دبي שלום'),
  L('unicode:emoji', '👩🏽‍💻 engineer 🚀🇩🇪'),
  L('unicode:combining', 'Z̷̡̛̖a̸̢͎̓l̶̨̛g̵̡̈o̴̢͋ engineer'),
  L('unicode:lone-high-surrogate', 'engineer \ud800'),
  L('unicode:lone-low-surrogate', '\udfffengineer'),
  L('unicode:reversed-surrogates', '\udc00\ud800'),
  L('unicode:nul', 'soft\u0000ware engineer'),
  L('unicode:only-nul', '\u0000'),
  L('unicode:bom', '\ufeffengineer'),
  L('unicode:line-separators', 'a\u2028b\u2029c'),
  L('unicode:noncharacters', '\uffff\ufffe'),
  L('unicode:zero-width', 'en\u200bgi\u200dneer\u2060'),
  L('unicode:fullwidth', 'ｅｎｇｉｎｅｅｒ １２'),
  L('unicode:case-folding', 'İSTANBUL ıi ß ﬁnance ǅ'),
  L('unicode:cjk', '東京 ソフトウェアエンジニア 北京'),
  L('unicode:controls', '\u0001\u0008\u001b[31m\u007f\u0085'),
];

/** Characters with meaning to FTS5, SQL, regexes, templates and paths. */
export const SYNTAX_STRINGS: Labeled[] = [
  L('syntax:quote', '"'),
  L('syntax:unterminated-phrase', '"software engineer'),
  L('syntax:star', '*'),
  L('syntax:prefix', 'eng*'),
  L('syntax:near', 'NEAR(software engineer, 2)'),
  L('syntax:boolean-words', 'AND OR NOT'),
  L('syntax:caret-minus-plus', '^engineer -manager +lead'),
  L('syntax:column', 'title:engineer'),
  L('syntax:sql', "'; DROP TABLE users; --"),
  L('syntax:backslash', '\\'),
  L('syntax:like-wildcards', '%_%'),
  L('syntax:parens', '(('),
  L('syntax:regex', '.*[a-z]+(?<x>)\\1'),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder is the hostile value
  L('syntax:template', '${process.env} {{x}} %s %n'),
  L('syntax:path', '../../../../etc/passwd'),
  L('syntax:html', '<script>alert(1)</script>'),
  L('syntax:json', '{"a":1}'),
  L('syntax:punctuation-only', '!@#$%^&*()_+=-`~'),
  L('syntax:whitespace-only', ' \t\n\r '),
  L('syntax:empty', ''),
];

/** Text that looks like a number to a lenient parser. */
export const NUMBER_LIKE_STRINGS: Labeled[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '0x1F',
  '1_000',
  '-0',
  '１２',
  '9'.repeat(400),
  '1e-400',
  '5+',
  '-1',
].map((s) => L(`number-like:${s.length > 20 ? `${s.slice(0, 3)}x${s.length}` : s}`, s));

/** Numbers at and beyond the edges of doubles, integers and usual bounds. */
export const NUMBERS: Labeled[] = [
  L('number:1e400', raw('1e400')),
  L('number:-1e400', raw('-1e400')),
  L('number:1e308', 1e308),
  L('number:-1e308', -1e308),
  L('number:2^53+1', raw('9007199254740993')),
  L('number:400-digits', raw('1'.repeat(400))),
  L('number:2^31', 2 ** 31),
  L('number:-2^31-1', -(2 ** 31) - 1),
  L('number:-1', -1),
  L('number:0', 0),
  L('number:-0', raw('-0')),
  L('number:0.5', 0.5),
  L('number:-0.5', -0.5),
  L('number:min-subnormal', 5e-324),
  L('number:exponent-form', raw('1E2')),
  L('number:1.0', raw('1.0')),
];

/** A long text of `words` distinct words (many terms, hence many clauses in a text query). */
export function manyWords(words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(`w${i.toString(36)}`);
  return out.join(' ');
}

/** Long strings: long single terms, long phrases, many distinct words. */
export const LONG_STRINGS: Labeled[] = [
  L('long:term-5k', 'x'.repeat(5_000)),
  L('long:term-100k', 'y'.repeat(100_000)),
  L('long:words-2k', manyWords(2_000)),
  L('long:repeated-phrase-200k', 'senior engineer '.repeat(12_500)),
];

/** Every Object.prototype name as a string value. */
export const PROTO_STRINGS: Labeled[] = PROTO_NAMES.map((n) => L(`proto:${n}`, n));

/** Objects with Object.prototype names as keys, one per name, plus nesting and width. */
export function hostileObjects(sample: unknown): Labeled[] {
  return [
    L('object:empty', {}),
    ...PROTO_NAMES.map((n) => L(`object:proto-key:${n}`, obj([[n, sample]]))),
    L('object:proto-key-object', obj([['__proto__', obj([['polluted', true]])]])),
    L('object:constructor-prototype', obj([['constructor', obj([['prototype', obj([['polluted', true]])]])]])),
    L('object:deep-5k', deepObject(5_000)),
    L('object:deep-100k', deepObject(100_000)),
    lazy('object:wide-5k', () => obj(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i] as [string, unknown]))),
  ];
}

/** Arrays: empty, very long, nested, mixed, null items. */
export function hostileArrays(validItem: () => unknown): Labeled[] {
  return [
    L('array:empty', []),
    lazy('array:long-10k', () => Array.from({ length: 10_000 }, validItem)),
    lazy('array:long-1k', () => Array.from({ length: 1_000 }, validItem)),
    L(
      'array:same-item-500',
      Array.from({ length: 500 }, () => 'engineer'),
    ),
    L('array:null-item', [null]),
    lazy('array:nested', () => [[validItem()]]),
    L('array:mixed', [1, 'a', true, null, {}, []]),
    L('array:proto-names', [...PROTO_NAMES]),
    L('array:deep-100k', deepArray(100_000)),
  ];
}

/** A value of each JSON type, to put where another type is expected. */
export const WRONG_TYPE_VALUES: Record<string, unknown> = {
  string: 'fuzz',
  integer: 7,
  number: 1.5,
  boolean: true,
  array: ['fuzz'],
  object: { fuzz: 1 },
  null: null,
};
