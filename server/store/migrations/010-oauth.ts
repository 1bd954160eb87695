import type { Migration } from './index.js';

/** the OAuth authorization server's records (issue 13; filled by server/oauth). */
export const oauthStore: Migration = {
  version: 10,
  name: 'oauth',
  sql: `
SELECT 1;
`,
};
