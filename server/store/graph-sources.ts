import type { ConnectionSource } from '../../mappings/record-schemas.js';

/** Source numbers of `graph_links.source`, and back. */
export const SOURCE_NUMBER: Record<ConnectionSource, 1 | 2> = { service: 1, professional: 2 };
export const SOURCE_NAME: Record<number, ConnectionSource> = { 1: 'service', 2: 'professional' };
