import type { IndexSettingsAnalysis } from '@opensearch-project/opensearch/api/_types/indices._common.js';

/**
 * Text analysis shared by every index. The embedded engine maps each analyzer and normalizer
 * named here to an equivalent SQLite FTS5 tokenizer or JS function (search-engine/embedded).
 */
export const ANALYSIS = {
  filter: {
    proxima_english_stemmer: { type: 'stemmer', language: 'english' },
    /** Plurals only (Lucene's EnglishMinimalStemmer; minimal-english-stem.ts reproduces it). */
    proxima_plural_stemmer: { type: 'stemmer', language: 'minimal_english' },
  },
  analyzer: {
    /** Prose: lowercase, accents folded, English stemming. */
    proxima_text: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding', 'proxima_english_stemmer'] },
    /**
     * Job titles: lowercase, accents folded, plurals folded and nothing else, so "Engineers" meets
     * "Engineer" but "Engineer" does not meet "Engineering", nor "Accountant" "Account".
     */
    proxima_title: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding', 'proxima_plural_stemmer'] },
    /** Names and titles-as-names: lowercase, accents folded, no stemming. */
    proxima_name: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
  },
  normalizer: {
    /** Keywords compared case- and accent-insensitively. */
    proxima_lower: { type: 'custom', filter: ['lowercase', 'asciifolding'] },
  },
} satisfies IndexSettingsAnalysis;

export const TEXT = { type: 'text', analyzer: 'proxima_text' } as const;
export const NAME = { type: 'text', analyzer: 'proxima_name' } as const;
/** A job title (current, past or posted). */
export const TITLE = { type: 'text', analyzer: 'proxima_title' } as const;
export const KEYWORD = { type: 'keyword' } as const;
export const LOWER_KEYWORD = { type: 'keyword', normalizer: 'proxima_lower' } as const;
/** Prose with an exact, case-insensitive keyword twin for filters and aggregations. */
export const TEXT_WITH_KEYWORD = { ...TEXT, fields: { keyword: { ...LOWER_KEYWORD, ignore_above: 256 } } } as const;
/** A job title with its exact, case-insensitive keyword twin. */
export const TITLE_WITH_KEYWORD = { ...TITLE, fields: { keyword: { ...LOWER_KEYWORD, ignore_above: 256 } } } as const;
export const NAME_WITH_KEYWORD = { ...NAME, fields: { keyword: { ...LOWER_KEYWORD, ignore_above: 256 } } } as const;
export const DATE = { type: 'date' } as const;
export const STORED_ONLY = { type: 'keyword', index: false, doc_values: false } as const;

/** A resolved place, as stored in every index. */
export const LOCATION_MAPPING = {
  properties: {
    raw: NAME,
    city: LOWER_KEYWORD,
    region: LOWER_KEYWORD,
    country: LOWER_KEYWORD,
    country_code: KEYWORD,
    metro: LOWER_KEYWORD,
    regions: LOWER_KEYWORD,
    lat: { type: 'float', index: false },
    lon: { type: 'float', index: false },
  },
} as const;
