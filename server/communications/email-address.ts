import addressparser from 'nodemailer/lib/addressparser/index.js';

/**
 * A local part as a dot-atom: RFC 5322 atext (and, for internationalised mail, letters and
 * digits of any script) in runs joined by single dots, never at either end. Quoted local parts
 * are refused: nobody's deliverable address needs one, and quotes are where lists and display
 * names hide.
 */
const LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** One DNS label: letters and digits, hyphens inside only, at most 63 characters. */
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
/** A top-level domain: letters only (of any script), at least two. */
const TLD = /^\p{L}{2,63}$/u;

/**
 * Whether `text` is exactly one plain addr-spec (`name@example.com`): no display name, angle
 * brackets, comments, groups, lists or quoting, a dot-atom local part of at most 64 characters
 * and a host name of dotted labels. Such an address is what SMTP is handed, unchanged: nodemailer
 * reads a recipient as an address list, so anything else could be sent somewhere other than what
 * is recorded. The check is both the rule here and nodemailer's own parser agreeing that the
 * text is one address equal to itself.
 */
export function isPlainEmailAddress(text: string): boolean {
  if (text.length > 320) return false;
  const at = text.lastIndexOf('@');
  if (at <= 0 || at > 64) return false;
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  if (!LOCAL.test(local) || labels.length < 2 || text.length - at - 1 > 253) return false;
  if (!labels.every((l) => LABEL.test(l)) || !TLD.test(labels.at(-1)!)) return false;
  const parsed = addressparser(text);
  return parsed.length === 1 && 'address' in parsed[0]! && parsed[0].address === text && parsed[0].name === '';
}

/** What a refused `recipient_email` is told (400 `validation_failed` at `/recipient_email`). */
export const PLAIN_EMAIL_RULE =
  'must be exactly one plain email address such as name@example.com: no display name, angle brackets, comments, quotes, groups or lists, and a host name of dotted labels';
