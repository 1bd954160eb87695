import type { JsonSchema } from '../http/route.js';
import type { ToolDef } from './tool.js';

/** The tool that manages sessions takes its id as its own argument. */
const SESSION_TOOL = 'agent_session';

export const SESSION_ARGUMENT = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description: 'An agent session (agent_session mode=start): the call is remembered in it (searches go to recent_searches).',
} as const;

/**
 * The arguments a tool is published and validated with: its own, plus `agent_session_id` on
 * every tool but `agent_session` (as REST adds `delegate_user_id` to its routes).
 */
export function effectiveInputSchema(tool: ToolDef, published = false): JsonSchema {
  const schema = published ? (tool.publishedInputSchema ?? tool.inputSchema) : tool.inputSchema;
  if (tool.name === SESSION_TOOL) return schema;
  const properties = { ...((schema.properties as Record<string, unknown>) ?? {}), agent_session_id: SESSION_ARGUMENT };
  return { ...schema, properties };
}

/** Whether a tool takes `agent_session_id` from the dispatcher (all but agent_session). */
export const takesSessionArgument = (tool: ToolDef): boolean => tool.name !== SESSION_TOOL;

/** A one-line summary of a search call for the session's memory. */
export function searchSummary(tool: string, input: Record<string, unknown>): string {
  const text = [input.description, input.query, input.professional_username, input.professional_profile_url].find(
    (v) => typeof v === 'string' && v.trim() !== '',
  ) as string | undefined;
  return (text ?? `${tool} with filters`).slice(0, 200);
}
