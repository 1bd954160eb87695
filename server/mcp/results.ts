import { closeSchema } from '../http/close-schema.js';
import type { JsonSchema } from '../http/route.js';
import type { ToolDef } from './tool.js';

/**
 * `structuredContent` of every failed tool call. Fields beyond the required four depend on the
 * code (docs/mcp.md, "Errors"): `required_scopes`, `receipts`, `errors`, `remaining`, `reset_at`...
 */
export const TOOL_ERROR_SCHEMA = {
  type: 'object',
  required: ['success', 'error', 'message', 'retryable'],
  properties: {
    success: { const: false },
    error: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', description: 'Stable snake_case code; branch on this, never on message.' },
    message: { type: 'string', description: 'What went wrong and what to change.' },
    retryable: { type: 'boolean', description: 'Whether the same call may succeed if simply sent again later.' },
    required_scopes: { type: 'array', items: { type: 'string' }, description: 'insufficient_scope: the scopes that are missing.' },
    receipts: {
      type: 'array',
      description: 'invalid_search_request: what the request would have needed changed, per field.',
      items: {
        type: 'object',
        required: ['path', 'action', 'message'],
        properties: { path: { type: 'string' }, action: { type: 'string' }, message: { type: 'string' } },
      },
    },
    remaining: { type: ['number', 'null'], description: 'credits_exhausted: credits left in the window.' },
    reset_at: { type: ['string', 'null'], description: 'credits_exhausted: when the oldest usage in the window expires.' },
  },
  additionalProperties: true,
} as const;

/**
 * The output schema a tool publishes: its success shape (closed, as route responses are) or the
 * error shape. MCP clients validate `structuredContent` against it on errors too.
 */
export function publishedOutputSchema(tool: ToolDef): JsonSchema {
  return { type: 'object', anyOf: [closeSchema(tool.outputSchema), TOOL_ERROR_SCHEMA] };
}

/** The tool result of a success: the structured content, and the same as JSON text for clients that read text. */
export function successResult(content: Record<string, unknown>) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(content) }], structuredContent: content };
}

/** The tool result of a failure: `isError`, the error body, and `_meta` (the step-up challenge). */
export function errorResult(content: Record<string, unknown>, meta?: Record<string, unknown>) {
  return {
    content: [{ type: 'text' as const, text: JSON.stringify(content) }],
    structuredContent: content,
    isError: true,
    ...(meta ? { _meta: meta } : {}),
  };
}
