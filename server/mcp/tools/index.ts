import type { ToolDef } from '../tool.js';
import { peopleSearchTool } from './people-search.js';

/** Every connector tool, in the order `tools/list` and /public/docs/mcp show them. */
export function allTools(): ToolDef[] {
  return [peopleSearchTool];
}
