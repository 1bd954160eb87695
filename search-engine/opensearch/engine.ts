import { Client } from '@opensearch-project/opensearch';
import type { SearchEngine } from '../port.js';

/** The OpenSearch adapter, for production at any scale. */
export class OpenSearchEngine implements SearchEngine {
  readonly kind = 'opensearch' as const;
  readonly client: Client;

  constructor(url: string) {
    this.client = new Client({ node: url, requestTimeout: 30_000, maxRetries: 2 });
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
