import { NOT_BLANK_PATTERN } from '../../http/validation.js';
import { FEEDBACK_CATEGORIES } from '../../store/feedback.js';
import { defineTool } from '../tool.js';

interface Args {
  message: string;
  category: (typeof FEEDBACK_CATEGORIES)[number];
  tool?: string;
  search_id?: string;
  rating?: number;
}

/** `report_feedback`: tell the Proxima team what went wrong or what is missing. Stored; free. */
export const reportFeedbackTool = defineTool<Args>({
  name: 'report_feedback',
  title: 'Report feedback',
  description: [
    'Tell the Proxima team about a problem or a wish: a wrong or missing result (category search_quality or missing_data, with the search_id), a bug, or a feature request. The report is stored with the account and the tool it concerns; the answer carries its feedback_id.',
    'Free. Use it when a search returns clearly wrong people or fails in a way retrying does not fix.',
  ].join(' '),
  auth: 'any',
  kind: 'action',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['message', 'category'],
    properties: {
      message: {
        type: 'string',
        minLength: 1,
        maxLength: 4000,
        pattern: NOT_BLANK_PATTERN,
        description: 'What happened or what is wanted.',
      },
      category: { enum: [...FEEDBACK_CATEGORIES], description: 'What kind of report this is.' },
      tool: { type: 'string', maxLength: 100, description: 'The tool concerned.' },
      search_id: { type: 'string', maxLength: 200, description: 'The search concerned.' },
      rating: { type: 'integer', minimum: 1, maximum: 5, description: 'How useful the result was, 1 (not at all) to 5.' },
    },
  },
  outputSchema: {
    type: 'object',
    required: ['success', 'feedback_id', 'received_at'],
    properties: { success: { const: true }, feedback_id: { type: 'string' }, received_at: { type: 'string' } },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: async (args, ctx) => {
    const id = ctx.services.feedback.insert({
      ownerUserId: ctx.actor.ownerUserId,
      actingUserId: ctx.actor.actingUserId,
      category: args.category,
      message: args.message,
      tool: args.tool ?? null,
      searchId: args.search_id ?? null,
      rating: args.rating ?? null,
      via: ctx.actor.via,
      now: ctx.now,
    });
    return { success: true, feedback_id: id, received_at: new Date(ctx.now).toISOString() };
  },
});
