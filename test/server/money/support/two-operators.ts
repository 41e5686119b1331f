/**
 * Two named operators on a test app with dual control on: one proposes a manual money action,
 * the other approves it (docs/money-controls.md, Approvals).
 */
import { expect } from 'vitest';
import { addOperator } from '../../support/operators.js';
import { json, type TestApp } from '../../support/test-app.js';

export interface TwoOperators {
  /** A request with the named operator's bearer token. */
  as(name: 'asha' | 'ravi', method: string, path: string, body?: unknown): Promise<Response> | Response;
  /**
   * Asha's request, which must be answered 202 with a proposal, approved by Ravi; the approval's
   * data. A text body goes as CSV (a statement), anything else as JSON.
   */
  approved(method: string, path: string, body: unknown): Promise<ApprovalAnswer>;
}

export interface ApprovalAnswer {
  readonly state: string;
  readonly outcome: readonly { readonly name: string; readonly value: string }[];
}

export async function twoOperators(t: TestApp): Promise<TwoOperators> {
  const tokens = { asha: await addOperator(t, 'asha'), ravi: await addOperator(t, 'ravi') };
  const as = (name: 'asha' | 'ravi', method: string, path: string, body?: unknown) =>
    t.app.request(path, {
      method,
      headers: {
        Authorization: `Bearer ${tokens[name]}`,
        ...(body === undefined
          ? {}
          : { 'Content-Type': typeof body === 'string' ? 'text/csv' : 'application/json' }),
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  return {
    as,
    approved: async (method, path, body) => {
      const proposed = await as('asha', method, path, body);
      expect(proposed.status).toBe(202);
      const proposal = (await json(proposed)).data;
      const approval = await as('ravi', 'POST', `/operator/api/approvals/${proposal.approval_id}/approve`, {
        note: 'checked',
      });
      expect(approval.status).toBe(200);
      return (await json(approval)).data as ApprovalAnswer;
    },
  };
}
