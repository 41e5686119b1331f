/**
 * The announcement that what a signed request reads about its key may have changed. The store
 * sends it itself (triggers of migration 8), in the writer's transaction, so every process hears
 * it at commit. Payloads: `key:<api key>` (the key was revoked, changed or deleted),
 * `merchant:<uid>` (the merchant's row was changed or deleted) and `*` (the tables were emptied).
 */
export const KEY_CHANGES_CHANNEL = 'key_changes';
