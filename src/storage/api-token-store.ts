// The API-token part of the MetaStore port (issue 25 part 6): personal access tokens a user makes for scripts.
// A token acts as its user (roles, organisation) with a scope (read or read-write) until it expires or is
// revoked. Only the SHA-256 of the secret is stored, so a leaked database opens nothing. MetaStore extends
// this interface; both engines implement it in meta/api-tokens.ts and pass
// test/storage/meta-store.api-tokens-cases.ts.

/** 'read': GET requests only; 'write': every request the user's roles allow. */
export type ApiTokenScope = 'read' | 'write';

export interface NewApiToken {
  userId: number;
  /** What the user called it, to recognise it in the list. */
  name: string;
  /** SHA-256 (hex) of the secret; the secret itself is shown once and never stored. */
  tokenHash: string;
  scope: ApiTokenScope;
  /** ISO instant after which the token opens nothing; null = never expires. */
  expiresAt: string | null;
}

export interface ApiToken extends NewApiToken {
  id: number;
  /** ISO instant the token was made. */
  createdAt: string;
  /** ISO instant of its last use, at minute precision at best (uses are stamped at most once a minute). */
  lastUsedAt: string | null;
  /** ISO instant it was revoked; null while it is not. */
  revokedAt: string | null;
}

export interface ApiTokenMethods {
  /** Hashes are unique: the database refuses a second token with the same one. */
  createApiToken(token: NewApiToken, now: string): Promise<ApiToken>;
  /** The token whose secret has that hash, whatever its state (the caller refuses expired and revoked ones). */
  findApiTokenByHash(tokenHash: string): Promise<ApiToken | null>;
  /** The user's tokens, newest first. */
  listApiTokens(userId: number): Promise<ApiToken[]>;
  /**
   * Stamps the user's token revoked at `now` (a second revoke keeps the first time); false when the user has
   * no token with that id.
   */
  revokeApiToken(userId: number, id: number, now: string): Promise<boolean>;
  /** Records a use of the token at `now`. */
  touchApiToken(id: number, now: string): Promise<void>;
}
