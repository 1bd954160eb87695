import { readProfile, recentPosts } from '../../commands/read-profile.js';
import { SEARCH_ENGINE_ERRORS } from '../../http/error-schema.js';
import { defineRoute, type SchemaType } from '../../http/route.js';
import { presentChunks, presentSnapshot, presentText } from './presenter.js';

/** Posts included in chunks and full text: default and largest value of `posts_limit`. */
export const POSTS_LIMIT = { default: 5, max: 50 } as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid', description: 'Profile id (uuid).' } },
} as const;
const postsLimit = {
  type: 'integer',
  minimum: 0,
  maximum: POSTS_LIMIT.max,
  default: POSTS_LIMIT.default,
  description: `Recent posts to include (0-${POSTS_LIMIT.max}, default ${POSTS_LIMIT.default}).`,
} as const;
const chunksQuery = { type: 'object', additionalProperties: false, properties: { posts_limit: postsLimit } } as const;
const textQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { mode: { enum: ['base', 'full'], default: 'base' }, posts_limit: postsLimit },
} as const;
const nullable = { type: ['string', 'null'] };
const chunk = {
  type: 'object',
  required: ['chunk_id', 'type', 'text'],
  properties: {
    chunk_id: { type: 'string' },
    type: { enum: ['about', 'experience', 'education', 'skills', 'languages', 'post'] },
    text: { type: 'string' },
    post_id: { type: 'string' },
    posted_at: { type: 'string' },
  },
};

/** The path parameters and queries, typed from their schemas. */
type Params = SchemaType<typeof idParams>;

/** Profile read routes: scope `profiles-read`, billed per the rate card. */
export const profileRoutes = [
  defineRoute<Record<string, never>, Record<string, never>, Params>({
    method: 'GET',
    path: '/api/v1/profiles/:id',
    tag: 'profiles',
    summary: 'Profile snapshot.',
    auth: { anyOf: ['profiles-read'] },
    billing: { operation: 'profile_read' },
    errors: ['not_found', ...SEARCH_ENGINE_ERRORS],
    request: { params: idParams },
    response: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name', 'username', 'picture', 'bio', 'location', 'professional_url', 'service_url', 'created_at', 'last_active'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: nullable,
        username: nullable,
        picture: nullable,
        bio: nullable,
        location: nullable,
        professional_url: nullable,
        service_url: nullable,
        created_at: { type: 'string' },
        last_active: nullable,
      },
    },
    handler: async ({ services, params }) => presentSnapshot(await readProfile(services, params.id)),
  }),
  defineRoute<Record<string, never>, SchemaType<typeof chunksQuery>, Params>({
    method: 'GET',
    path: '/api/v1/profiles/:id/chunks',
    tag: 'profiles',
    summary: 'Cached profile chunks (about, each experience, education, skills, languages, recent posts). Cached only; never refreshed.',
    auth: { anyOf: ['profiles-read'] },
    billing: { operation: 'profile_chunks' },
    errors: ['not_found', ...SEARCH_ENGINE_ERRORS],
    request: { params: idParams, query: chunksQuery },
    response: {
      type: 'object',
      required: ['success', 'user_id', 'chunks'],
      properties: { success: { const: true }, user_id: { type: 'string' }, chunks: { type: 'array', items: chunk } },
    },
    handler: async ({ services, params, query }) => {
      const profile = await readProfile(services, params.id);
      return {
        success: true,
        user_id: profile.id,
        chunks: presentChunks(profile, await recentPosts(services, profile.id, query.posts_limit)),
      };
    },
  }),
  defineRoute<Record<string, never>, SchemaType<typeof textQuery>, Params>({
    method: 'GET',
    path: '/api/v1/profiles/:id/text',
    tag: 'profiles',
    summary: 'Embedding-ready profile text: `base` (who the person is) or `full` (adds recent posts and company signals).',
    auth: { anyOf: ['profiles-read'] },
    billing: { operation: 'profile_text' },
    errors: ['not_found', ...SEARCH_ENGINE_ERRORS],
    request: {
      params: idParams,
      query: textQuery,
    },
    response: {
      type: 'object',
      required: ['success', 'user_id', 'text'],
      properties: {
        success: { const: true },
        user_id: { type: 'string' },
        text: {
          type: 'object',
          required: ['mode', 'text', 'char_count', 'sections'],
          properties: {
            mode: { enum: ['base', 'full'] },
            text: { type: 'string' },
            char_count: { type: 'integer' },
            sections: {
              type: 'array',
              items: { type: 'object', required: ['type', 'text'], properties: { type: { type: 'string' }, text: { type: 'string' } } },
            },
          },
        },
      },
    },
    handler: async ({ services, params, query }) => {
      const profile = await readProfile(services, params.id);
      const posts = query.mode === 'full' ? await recentPosts(services, profile.id, query.posts_limit) : [];
      return { success: true, user_id: profile.id, text: presentText(profile, query.mode, posts) };
    },
  }),
];
