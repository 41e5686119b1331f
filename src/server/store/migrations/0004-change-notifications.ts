import type { Migration } from '../migration.js';

/**
 * Changes announced by the store itself, so that no writer can forget: a status change or a UTR
 * claim added or released grows the order's view_seq (the version of its payer view) and
 * notifies 'order_changes'; a callback written to the outbox notifies 'outbox_due'. Delivered
 * to listeners when (and only if) the transaction commits.
 */
export const migration: Migration = {
  version: 4,
  name: 'change notifications',
  sql: `
ALTER TABLE orders ADD COLUMN view_seq integer NOT NULL DEFAULT 0;
UPDATE orders o SET view_seq = o.status_seq
  + (SELECT count(*) FROM utr_claims c WHERE c.payment_uid = o.payment_uid);

CREATE FUNCTION orders_view_changed() RETURNS trigger AS $$
BEGIN
  IF NEW.status_seq IS DISTINCT FROM OLD.status_seq THEN
    NEW.view_seq := OLD.view_seq + 1;
    PERFORM pg_notify('order_changes', NEW.payment_uid);
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER orders_view_changed BEFORE UPDATE OF status_seq ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_view_changed();

CREATE FUNCTION utr_claims_view_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE orders SET view_seq = view_seq + 1 WHERE payment_uid = OLD.payment_uid;
    PERFORM pg_notify('order_changes', OLD.payment_uid);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE orders SET view_seq = view_seq + 1 WHERE payment_uid = NEW.payment_uid;
    PERFORM pg_notify('order_changes', NEW.payment_uid);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER utr_claims_view_changed AFTER INSERT OR UPDATE OR DELETE ON utr_claims
  FOR EACH ROW EXECUTE FUNCTION utr_claims_view_changed();

CREATE FUNCTION outbox_due() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('outbox_due', NEW.payment_uid);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER outbox_due AFTER INSERT ON outbox
  FOR EACH ROW EXECUTE FUNCTION outbox_due();

-- A merchant's profile is part of its orders' payer views (support contact): 'merchant:<uid>'.
CREATE FUNCTION merchants_view_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('order_changes', 'merchant:' || NEW.uid);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER merchants_view_changed AFTER UPDATE ON merchants
  FOR EACH ROW EXECUTE FUNCTION merchants_view_changed();
`,
};
