import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  type StreamableHTTPClientTransportOptions,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** The result of a tool call as the SDK client returns it (already validated against the output schema). */
export interface ToolCallResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: unknown[];
  _meta?: Record<string, unknown>;
}

/** An SDK client connected to the app's connector: with an API key (Bearer), or with transport options (OAuth). */
export async function connectMcp(
  baseUrl: string,
  auth: { apiKey: string } | StreamableHTTPClientTransportOptions,
): Promise<{ client: Client; call(name: string, args?: Record<string, unknown>): Promise<ToolCallResult>; close(): Promise<void> }> {
  const options: StreamableHTTPClientTransportOptions =
    'apiKey' in auth ? { requestInit: { headers: { Authorization: `Bearer ${auth.apiKey}` } } } : auth;
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), options);
  const client = new Client({ name: 'proxima-tests', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as ToolCallResult,
    close: () => client.close(),
  };
}
