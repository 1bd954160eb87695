/** The one error body, shared by every route and documented in the OpenAPI schema. */
export const ERROR_BODY_SCHEMA = {
  type: 'object',
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
        required: ['in', 'pointer', 'message'],
        properties: { in: { enum: ['body', 'query', 'path'] }, pointer: { type: 'string' }, message: { type: 'string' } },
      },
    },
    required_scopes: { type: 'array', items: { type: 'string' }, description: 'insufficient_scope: scopes of which one is needed.' },
    granted_scopes: { type: 'array', items: { type: 'string' } },
    delegate_user_id: { type: 'string', description: 'delegate_not_allowed: the refused delegate.' },
    allowed_methods: { type: 'array', items: { type: 'string' }, description: 'method_not_allowed: the methods the path supports.' },
    limit_bytes: { type: 'integer', description: 'payload_too_large: the body limit.' },
    remaining: { type: ['number', 'null'], description: 'credits_exhausted: credits left in the window.' },
    reset_at: { type: ['string', 'null'], description: 'credits_exhausted: when the oldest usage in the window expires.' },
    limit: { type: ['number', 'null'], description: 'credits_exhausted: the tier ceiling.' },
    tier: { type: 'string', description: 'credits_exhausted: the account tier.' },
    used: { type: 'number' },
    price: { type: 'number', description: 'credits_exhausted: what the refused call would have cost.' },
    checks: { type: 'object', description: 'service_unavailable (readyz): each dependency and its state.' },
  },
} as const;
