/**
 * The one error body, shared by every route and documented in the OpenAPI schema, and the
 * catalogue of error codes with their HTTP status (the table of docs/errors.md, which a test
 * keeps equal to this one).
 */

/** Every error code a route can answer with, and its HTTP status. */
export const ERROR_STATUS = {
  validation_failed: 400,
  confirmation_required: 400,
  candidate_required: 400,
  invalid_json: 400,
  corrupt_body: 400,
  invalid_utf8: 400,
  body_too_deeply_nested: 400,
  bad_request: 400,
  query_too_complex: 400,
  invalid_channel: 400,
  email_subject_required: 400,
  owner_not_a_target: 400,
  context_too_large: 400,
  target_identity_required: 400,
  invalid_last_event_id: 400,
  connector_user_id_required: 400,
  connector_not_connected: 400,
  recipient_email_required: 400,
  result_window_too_large: 400,
  unauthorized: 401,
  credits_exhausted: 402,
  insufficient_scope: 403,
  delegate_not_allowed: 403,
  invalid_signature: 403,
  scope_not_held: 403,
  not_found: 404,
  search_not_found: 404,
  cohort_not_found: 404,
  invalid_agent_session: 404,
  key_not_found: 404,
  delegate_not_found: 404,
  delegation_not_found: 404,
  help_topic_not_found: 404,
  communication_not_found: 404,
  project_not_found: 404,
  target_not_found: 404,
  artifact_not_found: 404,
  conversation_not_found: 404,
  invite_not_found: 404,
  introduction_not_found: 404,
  watcher_not_found: 404,
  reconciliation_run_not_found: 404,
  review_entity_not_found: 404,
  candidate_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  key_already_revoked: 409,
  idempotency_key_reused: 409,
  channel_unavailable: 409,
  communication_already_terminal: 409,
  communication_not_cancellable: 409,
  already_decided: 409,
  mcp_session_project_required: 409,
  watcher_limit_reached: 409,
  reconciliation_run_finalized: 409,
  message_already_queued: 409,
  batch_index_reused: 409,
  no_eligible_targets: 409,
  project_target_limit: 409,
  project_archived: 409,
  export_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unsupported_content_encoding: 415,
  unsupported_charset: 415,
  expectation_failed: 417,
  rate_limited: 429,
  too_many_streams: 429,
  request_headers_too_large: 431,
  client_closed_request: 499,
  internal_error: 500,
  service_unavailable: 503,
  search_engine_unavailable: 503,
  search_index_missing: 503,
  search_overloaded: 503,
  server_overloaded: 503,
  search_timeout: 504,
} as const;

/** A stable error code of the catalogue. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * What can refuse any request before it reaches a route (docs/errors.md): malformed HTTP, a
 * request that does not arrive in time, oversized headers, an `Expect` other than
 * `100-continue`. Every operation documents them.
 */
export const TRANSPORT_ERRORS: readonly ErrorCode[] = ['bad_request', 'request_timeout', 'request_headers_too_large', 'expectation_failed'];

/** What reading a JSON body can refuse (docs/errors.md, "Order of checks"). */
export const BODY_ERRORS: readonly ErrorCode[] = [
  'invalid_json',
  'corrupt_body',
  'invalid_utf8',
  'body_too_deeply_nested',
  'bad_request',
  'payload_too_large',
  'unsupported_media_type',
  'unsupported_content_encoding',
  'unsupported_charset',
];

/**
 * What any route that calls the search engine can answer with: the engine is down, the index
 * is not loaded, the queue is full, the time budget ran out, or the client went away (499, logged only).
 */
export const SEARCH_ENGINE_ERRORS: readonly ErrorCode[] = [
  'search_engine_unavailable',
  'search_index_missing',
  'search_overloaded',
  'server_overloaded',
  'search_timeout',
  'client_closed_request',
];

/** What a route that builds a search query can add: the query is beyond the engine's limits. */
export const SEARCH_QUERY_ERRORS: readonly ErrorCode[] = ['query_too_complex'];

/** What a route that pages by `offset` can add: the page goes past the 10,000th result. */
export const PAGING_ERRORS: readonly ErrorCode[] = ['result_window_too_large'];

/** The one error body, shared by every route. Extra fields depend on the code; no other field appears. */
export const ERROR_BODY_SCHEMA = {
  type: 'object',
  description: 'The body of every error response. Fields beyond success, error and message depend on the code (docs/errors.md).',
  additionalProperties: false,
  required: ['success', 'error', 'message'],
  properties: {
    success: { const: false },
    error: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', description: 'Stable snake_case code; branch on this, never on message.' },
    message: { type: 'string', description: 'What went wrong and what to change.' },
    errors: {
      type: 'array',
      description: 'validation_failed: every problem, located by JSON pointer.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['in', 'pointer', 'message'],
        properties: {
          in: { enum: ['body', 'query', 'path'] },
          pointer: { type: 'string', description: 'RFC 6901 pointer into that part of the request.' },
          message: { type: 'string' },
        },
      },
    },
    required_scopes: { type: 'array', items: { type: 'string' }, description: 'insufficient_scope: scopes of which one is needed.' },
    granted_scopes: { type: 'array', items: { type: 'string' }, description: 'insufficient_scope: the scopes the key holds.' },
    delegate_user_id: { type: 'string', description: 'delegate_not_allowed: the refused delegate.' },
    allowed_methods: { type: 'array', items: { type: 'string' }, description: 'method_not_allowed: the methods the path supports.' },
    found: { const: 'scalar', description: 'invalid_json: the body is JSON, but a bare value (number, string, boolean, null).' },
    limit_bytes: { type: 'integer', description: 'payload_too_large: the body limit.' },
    remaining: { type: ['number', 'null'], description: 'credits_exhausted: credits left in the window.' },
    reset_at: { type: ['string', 'null'], description: 'credits_exhausted: when the oldest usage in the window expires.' },
    limit: {
      type: ['number', 'null'],
      description: 'credits_exhausted: the tier ceiling; project_target_limit: the most targets a project includes.',
    },
    included: { type: 'integer', description: 'project_target_limit: the targets the project includes now.' },
    requested: { type: 'integer', description: 'project_target_limit: the people the refused call would have included.' },
    tier: { type: 'string', description: 'credits_exhausted: the account tier.' },
    used: { type: 'number', description: 'credits_exhausted: credits used in the window.' },
    price: { type: 'number', description: 'credits_exhausted: what the refused call would have cost.' },
    allowed_channels: { type: 'array', items: { type: 'string' }, description: 'invalid_channel: the seven send channels.' },
    channel: { type: 'string', description: 'channel_unavailable, target_not_found: the channel asked for.' },
    reason: {
      type: ['string', 'null'],
      description: 'channel_unavailable, target_not_found: why the channel cannot reach the person (as capabilities reports it).',
    },
    communication_id: { type: 'string', description: 'Communication errors: the communication concerned.' },
    project_id: { type: 'string', description: 'project_not_found, project_archived: the project asked for.' },
    archived_at: { type: 'string', description: 'project_archived: when the project was archived.' },
    watcher_id: { type: 'string', description: 'watcher_not_found: the watcher asked for.' },
    run_id: {
      type: 'string',
      description: 'reconciliation_run_not_found, reconciliation_run_finalized, batch_index_reused: the run asked for.',
    },
    batch_index: { type: 'integer', description: 'batch_index_reused: the batch index already applied with other rows.' },
    batch_id: { type: 'string', description: 'batch_index_reused: the batch applied under that index.' },
    skipped: {
      type: 'object',
      additionalProperties: { type: 'integer' },
      description: 'no_eligible_targets: how many targets were left, by reason (not_approved, stale_draft, no_channel, ...).',
    },
    entity_id: { type: 'string', description: 'review_entity_not_found, candidate_required: the review entity.' },
    candidate_user_id: { type: 'string', description: 'candidate_not_found: the person asked for.' },
    status: {
      type: 'string',
      description: 'communication_already_terminal, communication_not_cancellable, already_decided: the current status.',
    },
    candidate_connectors: {
      type: 'array',
      items: { type: 'string' },
      description: 'connector_not_connected: people who could forward the request.',
    },
    unknown_cohort_refs: {
      type: 'array',
      items: { type: 'string' },
      description: 'cohort_not_found: the refs not found, in request order.',
    },
    checks: {
      type: 'object',
      description: 'service_unavailable (readyz): each dependency and its state: `ok`, or `unreachable: <cause>`.',
      additionalProperties: false,
      required: ['store', 'search_engine'],
      properties: { store: { type: 'string' }, search_engine: { type: 'string' } },
    },
  },
} as const;
