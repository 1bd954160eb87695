import { SearchEngineError } from '../errors.js';
import type { Folding, IndexSpec, SourceCodec } from '../port.js';

/** How a field is stored by the embedded engine. */
export type FieldKind = 'text' | 'keyword' | 'number' | 'date' | 'boolean';

/**
 * FTS5 table a text field lives in, by analysis: stemmed prose (Porter), folded names, or job
 * titles with plurals folded (their tokens stemmed by {@link analyzeTitle} before FTS5 sees them).
 */
export type TextTable = 'stem' | 'name' | 'title';
/** Every text table, in the order a scope's tables are created and searched. */
export const TEXT_TABLES: readonly TextTable[] = ['stem', 'name', 'title'];

export interface FieldInfo {
  /** Dotted path as used in queries (multi-fields too: `current_title.keyword`). */
  path: string;
  kind: FieldKind;
  /** Path of the value in the source document (a multi-field reads its parent's value). */
  sourcePath: string;
  /** Small integer id used in posting tables. */
  id: number;
  /** Text fields: their FTS5 table and column, and their bit in the scope's presence mask. */
  text?: { table: TextTable; column: string; bit: number };
  /** Keyword fields: apply the lowercase+fold normalizer. */
  lowercase?: boolean;
  /** How the index folds letters (its table layout's, analysis.ts). */
  folding: Folding;
  ignoreAbove?: number;
  /** Date fields: accepted format (`yyyy-MM` or ISO date-time). */
  dateFormat?: string;
}

/** A document space: the root documents or the objects of one nested path. */
export interface Scope {
  /** '' for the root, the nested path otherwise (`experiences`). */
  path: string;
  /** SQL-safe table prefix. */
  prefix: string;
  fields: Map<string, FieldInfo>;
  nested: Map<string, Scope>;
  textColumns: Record<TextTable, string[]>;
  /** Whether the scope has keyword fields (and so a keyword FTS5 table). */
  hasKeywords: boolean;
  /** How the index folds letters of text and keywords (its table layout's, analysis.ts). */
  folding: Folding;
  /**
   * Root only: the preset dictionary its sources are compressed with, when the index has one of
   * its own (trained from sample documents when it was created; source-codec.ts).
   */
  sourceDictionary?: Buffer;
  /** Root only: the codec its sources are compressed with (absent: DEFLATE, layouts 5-7). */
  sourceCodec?: SourceCodec;
}

/** Analyzer names of mappings/analysis.ts and the FTS5 table that reproduces each. */
const ANALYZER_TABLE: Record<string, TextTable> = { proxima_text: 'stem', proxima_name: 'name', standard: 'name', proxima_title: 'title' };
/** The FTS5 tokenizer of each table. */
export const FTS_TOKENIZER: Record<TextTable, string> = {
  stem: 'porter unicode61 remove_diacritics 2',
  name: 'unicode61 remove_diacritics 2',
  // FTS5 only splits what analyzeTitle already split, folded and stemmed (no porter).
  title: 'unicode61 remove_diacritics 2',
};
const NORMALIZERS = new Set(['proxima_lower']);

const NUMERIC = new Set(['integer', 'long', 'float', 'double', 'short', 'byte', 'half_float', 'scaled_float']);

const sqlName = (path: string): string => path.replace(/[^A-Za-z0-9]/g, '_');

/**
 * Derives the embedded engine's layout from an OpenSearch mapping: the mapping is the single
 * source of truth. Unknown field types and analyzers are refused rather than guessed. `folding`
 * is the index's table layout's (tables.ts, foldingOfLayout).
 */
export function buildCatalog(spec: IndexSpec, prefix: string, folding: Folding): Scope {
  let nextId = 1;
  const makeScope = (path: string, scopePrefix: string): Scope => ({
    path,
    prefix: scopePrefix,
    fields: new Map(),
    nested: new Map(),
    textColumns: { stem: [], name: [], title: [] },
    hasKeywords: false,
    folding,
  });
  const root = makeScope('', prefix);

  const addField = (scope: Scope, info: Omit<FieldInfo, 'id' | 'folding'>) => {
    const field: FieldInfo = { ...info, id: nextId++, folding };
    if (field.text) scope.textColumns[field.text.table].push(field.text.column);
    if (field.kind === 'keyword') scope.hasKeywords = true;
    scope.fields.set(field.path, field);
  };

  const leaf = (scope: Scope, path: string, sourcePath: string, def: Record<string, unknown>) => {
    const type = def.type as string | undefined;
    if (def.index === false) return; // stored only
    if (type === 'text') {
      const analyzer = (def.analyzer as string | undefined) ?? 'standard';
      const table = ANALYZER_TABLE[analyzer];
      if (!table) throw new SearchEngineError('invalid_query', `analyzer "${analyzer}" of ${path} has no embedded equivalent`);
      const bit = [...scope.fields.values()].filter((f) => f.kind === 'text').length;
      if (bit > 52)
        throw new SearchEngineError('invalid_query', `more than 53 text fields in one scope (${path}) do not fit the presence mask`);
      addField(scope, { path, sourcePath, kind: 'text', text: { table, column: `c_${sqlName(path)}`, bit } });
    } else if (type === 'keyword') {
      const normalizer = def.normalizer as string | undefined;
      if (normalizer && !NORMALIZERS.has(normalizer))
        throw new SearchEngineError('invalid_query', `normalizer "${normalizer}" of ${path} has no embedded equivalent`);
      addField(scope, {
        path,
        sourcePath,
        kind: 'keyword',
        lowercase: Boolean(normalizer),
        ignoreAbove: def.ignore_above as number | undefined,
      });
    } else if (type && NUMERIC.has(type)) {
      addField(scope, { path, sourcePath, kind: 'number' });
    } else if (type === 'date') {
      addField(scope, { path, sourcePath, kind: 'date', dateFormat: def.format as string | undefined });
    } else if (type === 'boolean') {
      addField(scope, { path, sourcePath, kind: 'boolean' });
    } else {
      throw new SearchEngineError('invalid_query', `field type "${type}" of ${path} is not supported by the embedded engine`);
    }
    for (const [sub, subDef] of Object.entries((def.fields as Record<string, Record<string, unknown>>) ?? {})) {
      leaf(scope, `${path}.${sub}`, sourcePath, subDef);
    }
  };

  const walk = (scope: Scope, properties: Record<string, Record<string, unknown>>, base: string, relBase: string) => {
    for (const [name, def] of Object.entries(properties)) {
      const path = base ? `${base}.${name}` : name;
      const rel = relBase ? `${relBase}.${name}` : name;
      if (def.enabled === false) continue;
      if (def.type === 'nested') {
        const child = makeScope(path, `${scope.prefix}__${sqlName(rel)}`);
        scope.nested.set(path, child);
        walk(child, def.properties as Record<string, Record<string, unknown>>, path, '');
      } else if (def.properties && (def.type === undefined || def.type === 'object')) {
        walk(scope, def.properties as Record<string, Record<string, unknown>>, path, rel);
      } else {
        leaf(scope, path, rel, def);
      }
    }
  };
  walk(root, spec.mappings.properties as Record<string, Record<string, unknown>>, '', '');
  return root;
}

/** Every scope of an index, root first. */
export function allScopes(root: Scope): Scope[] {
  const out: Scope[] = [root];
  for (const child of root.nested.values()) out.push(...allScopes(child));
  return out;
}
