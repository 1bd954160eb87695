/**
 * Deterministic drafting (no LLM): project templates with placeholders, filled per target from
 * what Proxima knows of them and of the sender. docs/projects.md, "Templates and drafts".
 */
import crypto from 'node:crypto';
import { invalidField } from '../../errors.js';
import type { Project, TemplateField } from '../../projects/record.js';

/** The placeholders a template may use, filled per target. */
export const PLACEHOLDERS = [
  'first_name',
  'full_name',
  'current_title',
  'current_company',
  'shared_connection',
  'recent_post_topic',
  'sender_first_name',
  'sender_name',
  'pitch',
  'project_title',
  'schedule_link',
] as const;

/** What drafting knows of one target and the sender. */
export interface DraftFacts {
  first_name: string | null;
  full_name: string | null;
  current_title: string | null;
  current_company: string | null;
  shared_connection: string | null;
  recent_post_topic: string | null;
  sender_first_name: string | null;
  sender_name: string | null;
  pitch: string | null;
  project_title: string | null;
  schedule_link: string | null;
}

export const TEMPLATE_TYPES = [
  'email_subject_template',
  'outreach_message_prompt',
  'engagement_meta_prompt',
  'engagement_prompt',
  'pitch',
  'referral_intro_prompt',
  'referral_forward_note_prompt',
  'generalize_message_to_template',
] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

const clean = (s: string | null | undefined): string | null => (s?.trim() ? s.trim().replace(/\s+/g, ' ') : null);

/** `user_input` as a sentence, or null. */
function sentence(userInput: string | null): string | null {
  const text = clean(userInput);
  if (!text) return null;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * What a message says it is about: the words given for this template (`user_input`), baked in;
 * otherwise the `{{pitch}}` placeholder, so drafts follow the pitch as it changes and read
 * naturally without one (the placeholder is dropped). The title and the description name and
 * describe the workspace for its owner and are never put into a message as its pitch: a
 * connector project's title is made up ("Drafts: <session label>"), and baked into a stored
 * template it went out in every message, even after a rename (tester, 2026-11-30, H2).
 */
const offer = (userInput: string | null): string => sentence(userInput) ?? '{{pitch}}';

/** The subject's topic: a title a person gave, else none. */
function subjectTopic(project: Project): string | null {
  if (project.titleIsAuto) return null;
  const title = clean(project.title);
  if (!title) return null;
  return title.length > 60 ? `${title.slice(0, 57)}…` : title;
}

/**
 * Generates one template field from the project (and `user_input`, which leads when given). The
 * same input gives the same text. `generalize_message_to_template` is handled by
 * {@link generalizeMessage}; `pitch` needs words to start from (`user_input`, else the pitch
 * or the description): without them it is a 400, never the title.
 */
export function generateTemplate(
  type: Exclude<TemplateType, 'generalize_message_to_template'>,
  project: Project,
  userInput: string | null,
): string {
  const what = offer(userInput);
  switch (type) {
    case 'email_subject_template': {
      const topic = sentence(userInput)?.replace(/[.!?]$/, '') ?? subjectTopic(project);
      return topic ? `{{first_name}}, ${topic.length > 60 ? `${topic.slice(0, 57)}…` : topic}` : '{{first_name}}, a quick question';
    }
    case 'outreach_message_prompt':
      return [
        'Hi {{first_name}},',
        '',
        `I noticed your work as {{current_title}} at {{current_company}}. ${what}`,
        'Would you be open to a short conversation? {{schedule_link}}',
        '',
        'Best,',
        '{{sender_first_name}}',
      ].join('\n');
    case 'engagement_meta_prompt':
      return `Engage {{first_name}} ({{current_title}} at {{current_company}}) ${what === '{{pitch}}' ? 'about {{pitch}}.' : `about: ${what}`} Keep it short, specific to their role, and end with one question.`;
    case 'engagement_prompt':
      return `Thanks for getting back to me, {{first_name}}. ${what} Does a 20-minute call work for you? {{schedule_link}}`;
    case 'pitch': {
      const from = sentence(userInput) ?? sentence(project.pitch) ?? sentence(project.description);
      if (!from)
        throw invalidField(
          'body',
          '/user_input',
          'is required to generate a pitch for a project without a description: say what you offer (the title names the project and is never used as a pitch)',
        );
      return from;
    }
    case 'referral_intro_prompt':
      return `Hi, could you introduce me to {{first_name}} ({{current_title}} at {{current_company}})? ${what}`;
    case 'referral_forward_note_prompt':
      return `{{first_name}}, meet {{sender_name}}. ${what} I thought you two should talk.`;
  }
}

/**
 * Turns a concrete message into a template: the greeting's name becomes `{{first_name}}`, the
 * named role and company `{{current_title}}` and `{{current_company}}` when the facts name them,
 * and the sign-off `{{sender_first_name}}`.
 */
export function generalizeMessage(message: string, facts: Partial<DraftFacts> = {}): string {
  let out = message.replace(/^(\s*(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\s+)([A-Z][\p{L}'-]+)/iu, '$1{{first_name}}');
  const swap = (value: string | null | undefined, placeholder: string) => {
    if (value && value.length > 1) out = out.split(value).join(placeholder);
  };
  swap(facts.full_name, '{{full_name}}');
  swap(facts.first_name, '{{first_name}}');
  swap(facts.current_title, '{{current_title}}');
  swap(facts.current_company, '{{current_company}}');
  swap(facts.sender_name, '{{sender_name}}');
  out = out.replace(
    /((?:best|thanks|cheers|regards|best regards|kind regards|thank you),?\s*\n\s*)([A-Z][\p{L}'-]+)\s*$/iu,
    '$1{{sender_first_name}}',
  );
  return out;
}

/**
 * A placeholder (`{{name}}`, spaces allowed inside), with the space and the one linking word
 * before it: a placeholder without a value takes them along ("at {{current_company}}"). The word
 * must be whole in any script (`\b` knows only ASCII letters: "días" would lose its "as").
 */
const PLACEHOLDER = /(\s*)(?:(?<![\p{L}\p{N}_])(as|at|with|of|about)(\s*))?\{\{([^}]*)\}\}/giu;
const PLACEHOLDER_NAMES: ReadonlySet<string> = new Set(PLACEHOLDERS);

/**
 * Fills a template in one pass, so a value is inserted verbatim: `$` in it is not a replacement
 * pattern, and braces in it are not placeholders. A placeholder without a value is dropped with
 * the words that only made sense with it ("at {{current_company}}", "{{schedule_link}}"), so no
 * draft says "at null"; a missing first name reads "there". An unknown placeholder is dropped
 * alone.
 */
export function fillTemplate(template: string, facts: DraftFacts): string {
  // The pitch and the title are the owner's own words and may hold placeholders ("Meet
  // {{first_name}}'s next team"): they are filled as the template is. Values read from
  // profiles are inserted verbatim.
  const own = template.replace(/\{\{\s*(pitch|project_title)\s*\}\}/g, (whole, name: 'pitch' | 'project_title') => facts[name] ?? whole);
  const out = own.replace(PLACEHOLDER, (_whole, space: string, word: string | undefined, gap: string | undefined, inner: string) => {
    const name = inner.trim();
    const lead = `${space}${word ?? ''}${gap ?? ''}`;
    if (!PLACEHOLDER_NAMES.has(name)) return lead;
    const value = facts[name as keyof DraftFacts];
    if (value) return `${lead}${value}`;
    return name === 'first_name' ? ' there' : '';
  });
  return out
    .replace(/[ \t]+([,.!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\(\s*\)/g, '')
    .trim();
}

/**
 * The placeholders of a text that drafting does not know (`{{frist_name}}`), for a 400 that names
 * them: an unknown placeholder would otherwise vanish from every draft without a word.
 */
export function unknownPlaceholders(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\{\{([^{}]*)\}\}/g)) {
    const name = (m[1] as string).trim();
    if (!PLACEHOLDER_NAMES.has(name) && !out.includes(name)) out.push(name);
  }
  // Braces that open or close no placeholder ("{{{{first_name}}}}", "{{first_name}"): also refused.
  const rest = text.replace(/\{\{[^{}]*\}\}/g, '');
  if (/\{\{|\}\}/.test(rest)) out.push(rest.includes('{{') ? '{{' : '}}');
  return out;
}

/** Refuses a text with an unknown placeholder or stray double braces: 400 naming them and the known ones. */
export function assertKnownPlaceholders(text: string | null | undefined, pointer: string): void {
  if (!text) return;
  const unknown = unknownPlaceholders(text);
  if (unknown.length)
    throw invalidField(
      'body',
      pointer,
      `unknown placeholder ${unknown.map((n) => (n === '{{' || n === '}}' ? `stray "${n}"` : `{{${n}}}`)).join(', ')}; the placeholders are ${PLACEHOLDERS.map((n) => `{{${n}}}`).join(', ')}`,
    );
}

/** A fingerprint of the facts a draft was made from: a draft is stale once it changes. */
export function factsFingerprint(facts: DraftFacts): string {
  const { schedule_link: _s, ...rest } = facts;
  return crypto.createHash('sha256').update(JSON.stringify(rest)).digest('hex').slice(0, 16);
}

export type { TemplateField };
