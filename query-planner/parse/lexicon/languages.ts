/**
 * Languages people are asked to speak, and the words that ask for one.
 * Part of the people parser's lexicon (parse/lexicon/): general English and job-market words,
 * written as people type them and split the way the tokenizer splits text.
 */
import { words } from './words.js';

/** Languages people are asked to speak. */
export const LANGUAGES = words(`English Spanish French German Italian Portuguese Dutch Swedish Norwegian Danish Finnish Icelandic
  Polish Czech Slovak Hungarian Romanian Bulgarian Greek Turkish Russian Ukrainian Serbian Croatian Slovenian Lithuanian
  Latvian Estonian Arabic Hebrew Persian Farsi Urdu Hindi Bengali Punjabi Tamil Telugu Marathi Gujarati Kannada Malayalam
  Mandarin Cantonese Chinese Japanese Korean Vietnamese Thai Indonesian Malay Tagalog Filipino Swahili Amharic Yoruba Hausa
  Zulu Afrikaans Catalan Basque Galician Welsh Irish`);

/** Phrases that ask for a language: "fluent in X", "X-speaking", "native X speaker". */
export const LANGUAGE_NATIVE_WORDS = new Set(words('native bilingual'));
