/**
 * A LIKE pattern for the values that begin with `text` (its wildcards and the escape character
 * taken literally). With a `text_pattern_ops` index on the column it is an index range.
 */
export const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The shortest beginning of an identifier (payment_uid, merchant_order_id, UTR) a search looks up. */
export const PARTIAL_ID_LENGTH = 8;
