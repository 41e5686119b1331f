import type { Migration } from '../migration.js';

/**
 * The merchant portal's users and sessions. A user belongs to one merchant and signs in with
 * e-mail and password; the operator's invitation is a random token stored only as its SHA-256
 * digest with an absolute expiry, and the password only as an scrypt hash. Portal sessions are
 * stored as the digest of their id with an absolute expiry, as console sessions are.
 */
export const migration: Migration = {
  version: 17,
  name: 'merchant portal users and sessions',
  sql: `
CREATE TABLE merchant_users (
  id text PRIMARY KEY,
  merchant_uid text NOT NULL REFERENCES merchants(uid),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  password_hash text,
  invite_digest text UNIQUE,
  invite_expires_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  activated_at timestamptz,
  removed_at timestamptz
);
CREATE UNIQUE INDEX merchant_users_email ON merchant_users (lower(email)) WHERE removed_at IS NULL;
CREATE INDEX merchant_users_merchant ON merchant_users (merchant_uid);

CREATE TABLE merchant_sessions (
  id_digest text PRIMARY KEY,
  user_id text NOT NULL REFERENCES merchant_users(id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  client_ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX merchant_sessions_expiry ON merchant_sessions (expires_at);
CREATE INDEX merchant_sessions_user ON merchant_sessions (user_id);
`,
};
