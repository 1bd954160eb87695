import { AppError } from '../../errors.js';
import { helpTopics } from '../help.js';
import { defineTool, type ToolDef } from '../tool.js';

/** `get_product_help`: help by topic, generated from the service's own definitions. Free. */
export function getProductHelpTool(tools: () => readonly ToolDef[]) {
  return defineTool<{ topic?: string }>({
    name: 'get_product_help',
    title: 'Product help',
    description: [
      'Explain how Proxima works for the task at hand: topics getting_started, people_search, filters, companies, jobs, posts, credits, scopes, oauth, errors, agent_sessions, exports, communications, projects, signals, contacts.',
      'Without topic, returns the topic list with getting_started. Free.',
    ].join(' '),
    auth: 'any',
    kind: 'read',
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      properties: { topic: { type: 'string', maxLength: 50, description: 'A topic name; omit for the list.' } },
    },
    outputSchema: {
      type: 'object',
      required: ['success', 'topics', 'topic'],
      properties: {
        success: { const: true },
        topics: { type: 'array', items: { type: 'string' } },
        topic: {
          type: 'object',
          required: ['name', 'title', 'text'],
          properties: { name: { type: 'string' }, title: { type: 'string' }, text: { type: 'array', items: { type: 'string' } } },
        },
      },
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    run: async (args) => {
      const topics = helpTopics(tools());
      const name = (args.topic ?? 'getting_started')
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_');
      // Own keys only: `constructor` or `__proto__` is no topic (it answered a topic with no text).
      const topic = Object.hasOwn(topics, name) ? topics[name] : undefined;
      if (!topic)
        throw new AppError(404, 'help_topic_not_found', `No help topic "${args.topic}". Topics: ${Object.keys(topics).join(', ')}.`);
      return { success: true, topics: Object.keys(topics), topic: { name, ...topic } };
    },
  });
}
