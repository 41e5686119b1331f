import type { Migration } from '../migration.js';

/**
 * Dual control of manual money actions (docs/money-controls.md, Approvals): an operator's manual
 * action is kept as a proposal until another operator approves it. The store keeps the rule too:
 * whoever decides is never the proposer, and only an awaiting proposal is undecided.
 */
export const migration: Migration = {
  version: 16,
  name: 'approvals',
  sql: `
CREATE TABLE approvals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  action text NOT NULL,
  subject text NOT NULL,
  summary text NOT NULL,
  payload jsonb NOT NULL,
  request jsonb NOT NULL,
  would jsonb NOT NULL,
  state text NOT NULL CHECK (state IN ('awaiting_approval', 'approved', 'rejected', 'expired', 'failed')),
  proposed_by text NOT NULL,
  proposed_at timestamptz NOT NULL,
  note text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL,
  decided_by text,
  decided_at timestamptz,
  decision_note text NOT NULL DEFAULT '',
  outcome jsonb,
  CONSTRAINT approvals_second_operator CHECK (decided_by IS NULL OR decided_by <> proposed_by),
  CONSTRAINT approvals_decided CHECK ((state = 'awaiting_approval') = (decided_at IS NULL))
);
CREATE INDEX approvals_by_state ON approvals (state, id DESC);
`,
};
