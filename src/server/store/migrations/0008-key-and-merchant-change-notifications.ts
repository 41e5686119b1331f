import type { Migration } from '../migration.js';

/**
 * Signed requests read their key and its merchant from memory (see merchants/active-keys.ts), so
 * every change of either is announced on 'key_changes' at commit: 'key:<key>', 'merchant:<uid>',
 * and '*' when a table is emptied. A new key needs no announcement: nothing absent is remembered.
 */
export const migration: Migration = {
  version: 8,
  name: 'key and merchant change notifications',
  sql: `
CREATE FUNCTION api_keys_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('key_changes', 'key:' || OLD.key);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER api_keys_changed AFTER UPDATE OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION api_keys_changed();

CREATE FUNCTION merchants_keys_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('key_changes', 'merchant:' || OLD.uid);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER merchants_keys_changed AFTER UPDATE OR DELETE ON merchants
  FOR EACH ROW EXECUTE FUNCTION merchants_keys_changed();

CREATE FUNCTION keys_emptied() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('key_changes', '*');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER api_keys_emptied AFTER TRUNCATE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION keys_emptied();
CREATE TRIGGER merchants_emptied AFTER TRUNCATE ON merchants
  FOR EACH STATEMENT EXECUTE FUNCTION keys_emptied();
`,
};
