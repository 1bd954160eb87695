import { request } from 'undici';
import type { CommunicationsConfig } from '../config.js';
import type { Logger } from '../logger.js';

/** What a rewrite gets: the deterministic draft and the facts it was made from. */
export interface RewriteInput {
  draft: string;
  channel: string | null;
  facts: Record<string, string | null>;
  pitch: string | null;
  projectTitle: string;
}

/** Longest rewritten draft kept; a longer answer falls back to the template draft. */
const MAX_DRAFT_CHARS = 4000;

const SYSTEM = [
  'You rewrite one outreach message so it reads naturally and personally.',
  'Use only the facts given; never invent names, numbers, companies or claims.',
  'Keep every URL exactly as written. Keep the same language, intent and call to action.',
  'Answer with the message text only: no subject line, no quotes, no commentary. Under 120 words.',
].join(' ');

/**
 * The optional drafting provider (DRAFTING_LLM_URL): an OpenAI-compatible `POST
 * {url}/chat/completions` that rewrites the deterministic draft of a target. Any failure (an
 * error answer, a timeout, an empty or overlong answer, a tracked link that went missing) keeps
 * the deterministic draft, so drafting never fails because the model did.
 */
export class OpenAiCompatibleDrafter {
  constructor(
    private readonly config: NonNullable<CommunicationsConfig['draftingLlm']>,
    private readonly logger: Logger,
  ) {}

  readonly name = 'openai_compatible';

  /** The rewritten draft, or null to keep the template draft. */
  async rewrite(input: RewriteInput): Promise<string | null> {
    const { url, apiKey, model, timeoutMs } = this.config;
    const facts = Object.fromEntries(Object.entries(input.facts).filter(([, v]) => v !== null));
    try {
      const res = await request(`${url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({
          model,
          temperature: 0.3,
          max_tokens: 400,
          messages: [
            { role: 'system', content: SYSTEM },
            {
              role: 'user',
              content: JSON.stringify({
                channel: input.channel,
                project: input.projectTitle,
                pitch: input.pitch,
                facts,
                draft: input.draft,
              }),
            },
          ],
        }),
        signal: AbortSignal.timeout(timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump();
        throw new Error(`HTTP ${res.statusCode}`);
      }
      const body = (await res.body.json()) as { choices?: { message?: { content?: unknown } }[] };
      const text = body.choices?.[0]?.message?.content;
      if (typeof text !== 'string' || !text.trim() || text.length > MAX_DRAFT_CHARS) throw new Error('no usable message in the answer');
      const out = text.trim();
      // Every link of the template draft (a tracked schedule link above all) must survive, and
      // no other may appear: the facts come from profiles, which must not steer where people click.
      const links = (text: string) => (text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).map((l) => l.replace(/[.,;:!?]+$/, ''));
      const allowed = new Set(links(input.draft));
      for (const link of allowed) if (!out.includes(link)) throw new Error('the answer dropped a link of the draft');
      for (const link of links(out)) if (!allowed.has(link)) throw new Error('the answer added a link that is not in the draft');
      return out;
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, model }, 'drafting model failed; the template draft is kept');
      return null;
    }
  }
}
