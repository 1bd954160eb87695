/** What a verified OAuth access token says: whose it is, for which client, with which scopes. */
export interface AccessTokenClaims {
  userId: string;
  clientId: string;
  scopes: string[];
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * Verifies connector access tokens (signature, issuer, audience = the connector URL, expiry,
 * and that the grant behind them was not revoked). Null when the token is not valid.
 */
export interface AccessTokenVerifier {
  verify(token: string): Promise<AccessTokenClaims | null>;
}
