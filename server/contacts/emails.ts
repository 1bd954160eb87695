/**
 * Email addresses as the contact matcher reads and compares them (docs/contacts.md, "The
 * matcher"): found anywhere in a cell, lowercased without `+tags`, Gmail's dots dropped, and a
 * mailbox at a host under an organisation's domain related to the same name at that domain.
 */
import { distance } from 'fastest-levenshtein';
import { getDomain, parse } from 'tldts';
import { DECORATION } from './normalize.js';

/** Domains whose mailboxes ignore dots in the local part (Gmail's). */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** An email address as compared: lowercased, a `+tag` dropped, Gmail's dots dropped. Null when it is not an address. */
export function normEmail(email: string | null | undefined): string | null {
  const e = (email ?? '').trim().toLowerCase();
  const m = /^([^@\s]+)@([^@\s]+\.[^@\s]+)$/.exec(e);
  if (!m) return null;
  const domain = m[2] === 'googlemail.com' ? 'gmail.com' : m[2]!;
  let local = m[1]!.replace(/\+.*$/, '');
  if (DOTLESS_DOMAINS.has(domain)) local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/**
 * What an exact-key search looks an address up by: as compared ({@link normEmail}) and as
 * written, lowercased without its `+tag` (a stored Gmail address keeps its dots); an address at a
 * host under the organisation's domain also as at the domain ("ana@mail.acme.com" as "ana@acme.com").
 */
export function emailSearchTerms(cell: string | null | undefined): string[] {
  if (!cell) return [];
  const text = unmasked(cell)
    .replace(DECORATION, '')
    .replace(/mailto:/gi, ' ');
  return addressesIn(text).flatMap((e) => {
    const lower = e.toLowerCase();
    const out = [lower, lower.replace(/\+[^@]*@/, '@')];
    const norm = normEmail(e);
    if (norm) out.push(norm);
    const atParent = norm ? emailAtParentDomain(norm) : null;
    if (atParent) out.push(atParent);
    return out;
  });
}

/**
 * An address at a host under an organisation's domain moved to that domain (the registrable
 * domain of the Public Suffix List, private suffixes included: tldts): "ana@mail.acme.com" is
 * "ana@acme.com". Null when the host is the domain itself, or not an address.
 */
export function emailAtParentDomain(email: string): string | null {
  const norm = normEmail(email);
  if (!norm) return null;
  const at = norm.lastIndexOf('@');
  const host = norm.slice(at + 1);
  const domain = getDomain(host, { allowPrivateDomains: true });
  return domain && domain !== host ? `${norm.slice(0, at)}@${domain}` : null;
}

/**
 * Whether two addresses (as compared) are one mailbox name at a host and its parent domain
 * ("ana@mail.acme.com" and "ana@acme.com"). Two sibling hosts ("nc.rr.com", "tx.rr.com"; two
 * tenants of "onmicrosoft.com") are other mailboxes.
 */
export function sameMailboxAtParent(a: string, b: string): boolean {
  return emailAtParentDomain(a) === b || emailAtParentDomain(b) === a;
}

/**
 * Whether two addresses (as compared) are one mailbox name at domains one slip of the keyboard
 * apart: a letter wrong, missing, added, or two neighbours swapped ("acme.con", "acme.cmo",
 * "acmee.com", "amce.com"), in domains whose first label has four letters or more.
 */
export function sameMailboxDomainSlip(a: string, b: string): boolean {
  const [la, da] = [a.slice(0, a.lastIndexOf('@')), a.slice(a.lastIndexOf('@') + 1)];
  const [lb, db] = [b.slice(0, b.lastIndexOf('@')), b.slice(b.lastIndexOf('@') + 1)];
  if (la !== lb || !la || da === db || Math.min(da.indexOf('.'), db.indexOf('.')) < 4) return false;
  // Two real endings are two domains ("nova.io" and "nova.co", "yahoo.ca" and "yahoo.co"): only an
  // ending no registry has (".con", ".cmo") is a slip of one.
  const [pa, pb] = [parse(da), parse(db)];
  if (pa.publicSuffix !== pb.publicSuffix && pa.isIcann && pb.isIcann) return false;
  if (distance(da, db) === 1) return true;
  if (da.length !== db.length) return false;
  const diff = [...da].flatMap((ch, i) => (ch === db[i] ? [] : [i]));
  return diff.length === 2 && diff[1] === diff[0]! + 1 && da[diff[0]!] === db[diff[1]!] && da[diff[1]!] === db[diff[0]!];
}

/**
 * An address as written in a cell: bare, in angle brackets, after `mailto:`, beside a name. The
 * local part and each label are bounded as the RFCs bound them (64 and 63 characters), so a long
 * run of letters costs a bounded scan from each position, not one to the run's end: linear in the
 * cell (docs/performance.md, "Contact batches"). Run only on text with an "@" ({@link addressesIn}),
 * which keeps a match only where its run starts: a local part over 64 characters is no address.
 */
export const EMAIL_IN_TEXT =
  /[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+/gi;

/**
 * Where {@link EMAIL_IN_TEXT} finds addresses in a text (offset and text), without running it on
 * text that has no "@".
 */
const addressMatches = (text: string): { at: number; address: string }[] => {
  if (!text.includes('@')) return [];
  const out: { at: number; address: string }[] = [];
  let end = 0;
  EMAIL_IN_TEXT.lastIndex = 0;
  for (let m = EMAIL_IN_TEXT.exec(text); m; m = EMAIL_IN_TEXT.exec(text)) {
    // A match starts where its run of local-part characters starts, or right after the address
    // before it ("a@b.com/c@d.com", as the unbounded pattern read it). Else the run is over 64
    // characters and the match its tail: no address, not a made-up one.
    if (m.index === end || !LOCAL_CHAR.test(text[m.index - 1] ?? '')) out.push({ at: m.index, address: m[0] });
    end = m.index + m[0].length;
  }
  return out;
};
/** The addresses {@link EMAIL_IN_TEXT} finds in a text, each as sent before a mail system rewrote it ({@link envelopeOriginal}). */
const addressesIn = (text: string): string[] => addressMatches(text).map((m) => envelopeOriginal(m.address));

/** BATV (draft-levine-smtp-batv-01): "prvs=" then the tag, then the address; Barracuda's "btv1==tag==". */
const BATV = /^(?:prvs=[0-9a-z]{4,16}=|btv1==[0-9a-z]{4,16}==)(?=[^=])/i;
/** SRS (Shevek's Sender Rewriting Scheme): SRS0=hash=time=domain=local, SRS1=hash=forwarder==hash=time=domain=local. */
const SRS0 = /^srs0[=+-][^=@]{1,16}=[^=@]{1,8}=([^=@]{1,253})=([^@]{1,64})$/i;
const SRS1 = /^srs1[=+-][^=@]{1,16}=[^=@]{1,253}==[^=@]{1,16}=[^=@]{1,8}=([^=@]{1,253})=([^@]{1,64})$/i;
/**
 * A rewritten address in a cell, where a token starts: its local part may pass the 64 characters
 * an address's may have ("bounces+7013028-0751-ana_ruiz=acme.com.br@em5.sendgrid.net"), as the
 * rewriting adds to it. Bounded, and tried only at a token's start.
 */
const REWRITTEN = /(?<![^\s<>(),;:"'])(?:prvs=|btv1==|srs[01][=+-]|[a-z0-9._-]{1,64}\+)[^\s@<>(),;:"']{1,300}@[a-z0-9][a-z0-9.-]{0,252}/gi;
/** VERP (D. J. Bernstein's): a list's return path with the recipient as "local=domain" after its "+" ("list-bounces+ana=acme.com@lists.x"). */
const VERP = /^[^+=@]{1,64}\+([^=@]{1,200})=([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})+)$/i;
/** SendGrid's VERP: "bounces+<user id>-<hash>-" before the recipient. */
const SENDGRID_IDS = /^\d{1,12}-[0-9a-f]{1,16}-(?=.)/i;

/**
 * The address a mail system rewrote on the envelope, as it was sent: BATV's and SRS's schemes and
 * VERP's return paths hold it whole ("prvs=5b1edf9366=ana@acme.com", "SRS0=5f76=A3=acme.com=ana@fwd.net",
 * "bounces+6327249-73a7-ana=acme.com@em12.sendgrid.net" are ana@acme.com). A VERP address counts only
 * when what follows its last "=" is a domain the Public Suffix List knows; any other address is itself.
 */
export function envelopeOriginal(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0 || !address.includes('=')) return address;
  const local = address.slice(0, at);
  const batv = BATV.exec(local);
  if (batv) return address.slice(batv[0].length);
  const srs = SRS1.exec(local) ?? SRS0.exec(local);
  if (srs) return `${srs[2]}@${srs[1]}`;
  const verp = VERP.exec(local);
  if (!verp || !parse(verp[2] as string).isIcann) return address;
  const recipient = /sendgrid\.net$/i.test(address.slice(at + 1)) ? (verp[1] as string).replace(SENDGRID_IDS, '') : (verp[1] as string);
  return `${recipient}@${verp[2]}`;
}
const LOCAL_CHAR = /[a-z0-9.!#$%&'*+/=?^_`{|}~-]/i;

/**
 * "at" and "dot" written to keep an address from harvesters: "[at]", "(at)", "{dot}", "[.]". Tried
 * only where a run of spaces starts (the lookbehind), so a long run is not scanned from each space.
 */
const BRACKETED_AT = /(?<!\s)\s*[[({<]\s*(?:at|@)\s*[\])}>]\s*/gi;
const BRACKETED_DOT = /(?<!\s)\s*[[({<]\s*(?:dot|\.)\s*[\])}>]\s*/gi;
/**
 * Spelt out: "ana.ruiz at acme dot com", "ana dot ruiz at acme dot com", only with a "dot" before
 * a domain ending ("com", "co uk"). Tried only where a word starts (the lookbehind) and bounded as
 * {@link EMAIL_IN_TEXT} is, so a long run of letters is scanned once, not once from each of its letters.
 */
export const SPELT =
  /(?<![a-z0-9._%+-])((?:[a-z0-9_%+-]{1,64}\s+dot\s+){0,4}[a-z0-9._%+-]{1,64})\s+at\s+((?:[a-z0-9-]{1,63}\s+dot\s+)+[a-z]{2,24})\b/gi;
/**
 * Spelt out with underscores or hyphens, in one word: "serge.royer_at_acme_dot_fr", "ana-at-acme-dot-com".
 * Bounded and tried only where a word starts, as {@link SPELT} is.
 */
const JOINED = /(?<![a-z0-9._%+-])([a-z0-9._%+-]{1,64}?)([_-])at\2((?:[a-z0-9]{1,63}\2dot\2){1,4}[a-z]{2,24})(?![a-z0-9@._-])/gi;
/** The full stops of Chinese and Japanese input between two letters of an address ("acme。com", halfwidth "｡"). */
const IDEOGRAPHIC_STOP = /(?<=[a-z0-9])[\u3002\uFF61](?=[a-z0-9])/gi;
/** A comment in brackets before or after an address's "@", tried only where an "@" is beside it. */
const COMMENT_BY_AT = /(?<=[a-z0-9._%+-])\([^()@\s]{1,40}\)@|@\([^()@\s]{1,40}\)(?=[a-z0-9])/gi;
/** Quotes round an address ("'ana@acme.com'", "‘ana@acme.com’"): an apostrophe may be in a mailbox's name, never before it. */
const QUOTE_BEFORE = /(^|[\s,;:<(])['‘’`"]+(?=[a-z0-9._%+-]+@)/gi;

/**
 * A cell with its masked addresses written plainly: compatibility forms folded (a fullwidth
 * "＠" is "@"), "[at]" / "(at)" / "{dot}" / "[.]", and "ana at acme dot com".
 */
function unmasked(cell: string): string {
  return (
    cell
      .normalize('NFKC')
      .replace(IDEOGRAPHIC_STOP, '.')
      // RFC 5322's comments beside the "@" ("ana(work)@acme.com", "ana@(home)acme.com") are no part of the address.
      .replace(COMMENT_BY_AT, '@')
      // Envelope rewrites (BATV, SRS, VERP) read back to the address they hold.
      .replace(REWRITTEN, (m) => envelopeOriginal(m))
      .replace(QUOTE_BEFORE, '$1')
      // A cell that is one address with spaces around its "@" ("ana.ruiz @ acme.com", "ana@ acme.com").
      .replace(
        /^\s*([a-z0-9._%+-]+)\s+@\s*([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$|^\s*([a-z0-9._%+-]+)@\s+([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$/i,
        // (only before an ending the Public Suffix List knows: "meet @ cafe.nero" is no address).
        (m, a, b, c, d) => (parse((b ?? d) as string).isIcann ? `${a ?? c}@${b ?? d}` : m),
      )
      // Two dots where one was meant, after the "@" ("acme..com").
      .replace(/(@[a-z0-9.-]*?)\.{2,}(?=[a-z0-9])/gi, '$1.')
      // Slips that make no address at all: "@@", and a comma for the dot before the ending ("acme,com").
      .replace(/@{2,}/g, '@')
      // (not before another address: "ana@acme.com,bob@beta.com" is two).
      .replace(/(@[a-z0-9-]+(?:\.[a-z0-9-]+)*),(?=[a-z]{2,6}(?![a-z0-9.@_+-]))/gi, '$1.')
      .replace(BRACKETED_AT, '@')
      .replace(BRACKETED_DOT, '.')
      .replace(SPELT, (_, local: string, domain: string) => `${local.replace(/\s+dot\s+/gi, '.')}@${domain.replace(/\s+dot\s+/gi, '.')}`)
      .replace(JOINED, (m, local: string, sep: string, domain: string) => {
        const host = domain.split(`${sep}dot${sep}`).join('.');
        return m.includes('@') || !parse(host).isIcann ? m : `${local}@${host}`;
      })
  );
}

/**
 * Every email address in a cell ("Ana Ruiz <ana@acme.com>", "mailto:ana@acme.com", two
 * addresses separated by a comma or a semicolon, masked ones: "ana [at] acme [dot] com"), each
 * normalised ({@link normEmail}).
 */
export function emailsIn(cell: string | null | undefined): string[] {
  if (!cell) return [];
  const text = unmasked(cell)
    .replace(DECORATION, '')
    .replace(/mailto:/gi, ' ');
  return addressesIn(text)
    .map(normEmail)
    .filter((e): e is string => e !== null);
}

/**
 * The organisation a cell names as an address with its domain ending missing or cut short
 * ("ana@acmerobotics", "ana@acmerobotics.c"), or null: no address to compare, but the employer it
 * says, as an address's host does.
 */
export function hostOfBrokenAddress(cell: string | null | undefined): string | null {
  if (!cell) return null;
  const m = /^\s*[a-z0-9._%+-]+@([a-z0-9][a-z0-9-]{3,})(\.[a-z0-9-]*)?\s*[;,.]?\s*$/i.exec(unmasked(cell));
  if (!m) return null;
  // An ending the Public Suffix List knows makes a whole address ("acme.co"): not broken.
  if (m[2] && m[2].length > 1 && parse(`${m[1]}${m[2]}`).isIcann) return null;
  return (m[1] as string).toLowerCase();
}

/** A cell without the email addresses in it ("ana@acme.com" pasted in a name column), or null when nothing else is left. */
export function withoutEmails(cell: string | null | undefined): string | null {
  if (!cell) return cell ?? null;
  const text = unmasked(cell).replace(/mailto:/gi, ' ');
  // Only the addresses read as such go: the tail of a local part over 64 characters is no address.
  let bare = '';
  let from = 0;
  for (const m of addressMatches(text)) {
    bare += `${text.slice(from, m.at)} `;
    from = m.at + m.address.length;
  }
  const rest = (bare + text.slice(from)).replace(/[<>()[\]]/g, ' ').trim();
  return rest || null;
}
