/**
 * Queries written as forms or for machines rather than as sentences: a numbered list of fields
 * ("1) film producers 2) NGA 3) streamers"), a URL's query string ("GET
 * /v1/people/search?title=Spark Developer&location=Hanoi&limit=50") and a web search's operators
 * ("site:linkedin.com/in", "intitle:\"ceramic engineer\""). Each is rewritten as the fields a
 * person would type ("title=Spark Developer; location=Hanoi; limit=50", "\"ceramic engineer\""),
 * which the parser already reads ("=" parts a field's name from its value: parse/tokens.ts).
 */
import { decodeUriComponentOrNull } from '../../lib/decode-uri-component.js';

/** A request line or URL up to its query string: the method, the host and the path are no words of the query. */
const URL_TO_QUERY = /(?:\b(?:GET|POST|PUT|PATCH)\s+)?(?:https?:\/\/[^\s?]*|\/[^\s?]*|\b[\w-]+(?:\/[\w.-]+)*)\?(?=[\w.[\]]+=)/g;
/** "&" before the next parameter. */
const NEXT_PARAMETER = /&(?=[\w.[\]]+=)/g;
/** A web search's site restriction, with its value: no part of whom it asks for. */
const SITE_OPERATOR = /(?<![\w-])-?site:\S*/gi;
/** Operators that only say where a phrase must stand ("intitle:", "inurl:"): their value stays. */
const PLACEMENT_OPERATORS = /(?<![\w-])(?:all)?in(?:title|url|text|anchor):/gi;

/** Decodes "%20", "%2C" and the other escapes of a query string, keeping text that is no escape. */
function decodeEscapes(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (m) => decodeUriComponentOrNull(m) ?? m);
}

/** A list item's number, "1)" or "2.", after the start or a space and before a space. */
const ITEM_NUMBER = /(^|\s)(\d{1,2})[.)](?=\s)/g;

/**
 * The text with a numbered list's numbers as separators, when it numbers its items 1, 2, 3, ...
 * in order: "1) film producers 2) NGA" is "film producers; NGA" (not "2" of anything).
 */
function unnumberItems(text: string): string {
  const numbers = [...text.matchAll(ITEM_NUMBER)].map((m) => Number(m[2]));
  if (numbers.length < 2 || numbers.some((n, k) => n !== k + 1)) return text;
  return text.replace(ITEM_NUMBER, (_m, space: string, n: string) => (n === '1' ? space : `${space};`));
}

/** The query with a numbered list, a URL's query string and a web search's operators rewritten as fields and words. */
export function unwrapMachineText(text: string): string {
  let out = unnumberItems(text).replace(SITE_OPERATOR, ' ').replace(PLACEMENT_OPERATORS, ' ');
  const query = out.search(URL_TO_QUERY);
  if (query >= 0) {
    const rest = out
      .slice(query)
      .replace(URL_TO_QUERY, '')
      .replace(NEXT_PARAMETER, '; ')
      .replace(/(?<=\w)\+(?=\w)/g, ' ');
    out = out.slice(0, query) + decodeEscapes(rest);
  }
  return out;
}
