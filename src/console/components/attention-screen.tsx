import { useState } from 'preact/hooks';
import type { AttentionItem } from '../../shared/attention-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { useResource } from '../hooks/use-resource.js';
import { ATTENTION_LABELS, ATTENTION_ORDER, attentionTotal, isDismissable } from '../lib/attention-kinds.js';
import { formatCount, formatInr } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { approvalsHref, attentionHref, creditsHref, orderHref } from '../lib/route.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { ContestDialog } from './contest-dialog.js';
import { LoadState } from './load-state.js';
import { type MatchableCredit, MatchDialog } from './match-dialog.js';
import { DoneNotice } from './notices.js';

/** Every case that needs an operator, by kind, each with its reason and the action that resolves it. */
export function AttentionScreen({ kind }: { readonly kind: string }) {
  const { api } = useAppDeps();
  const [queue, reload] = useResource(() => api.attention(), 'attention');
  const [dismissing, setDismissing] = useState<AttentionItem | undefined>(undefined);
  const [matching, setMatching] = useState<MatchableCredit | undefined>(undefined);
  const [contested, setContested] = useState('');
  const [done, setDone] = useState('');
  const dismiss = useAction();
  const finish = (message: string) => {
    setDismissing(undefined);
    setMatching(undefined);
    setContested('');
    setDone(message);
    reload();
  };
  return (
    <>
      <div class="title-row">
        <h1>Needs attention</h1>
        <button type="button" onClick={reload}>
          Refresh
        </button>
      </div>
      <DoneNotice message={done} />
      <LoadState resource={queue} retry={reload} what="the cases needing attention">
        {(data) => {
          const shown = data.items.filter((item) => kind === '' || item.kind === kind);
          return (
            <>
              <nav class="tabs" aria-label="Kinds of case">
                <a class="tab" href={attentionHref()} aria-current={kind === '' ? 'page' : undefined}>
                  All ({formatCount(attentionTotal(data.counts))})
                </a>
                {ATTENTION_ORDER.filter((each) => data.counts[each] > 0 || each === kind).map((each) => (
                  <a
                    class="tab"
                    key={each}
                    href={attentionHref(each)}
                    aria-current={each === kind ? 'page' : undefined}
                  >
                    {ATTENTION_LABELS[each]} ({formatCount(data.counts[each])})
                  </a>
                ))}
              </nav>
              {shown.length === 0 ? (
                <p class="muted" role="status">
                  Nothing needs attention
                  {kind
                    ? ` among ${ATTENTION_LABELS[kind as keyof typeof ATTENTION_LABELS]?.toLowerCase() ?? 'these'}`
                    : ''}
                  .
                </p>
              ) : (
                <ul class="plain cards">
                  {shown.map((item) => (
                    <AttentionCard
                      key={`${item.kind}:${item.text_id ?? item.credit_id ?? item.payment_uid}:${item.utr}`}
                      item={item}
                      onDismiss={() => {
                        dismiss.clear();
                        setDismissing(item);
                      }}
                      onMatch={(credit) => setMatching(credit)}
                      onResolve={(utr) => setContested(utr)}
                    />
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </LoadState>
      {dismissing?.text_id ? (
        <ConfirmDialog
          title={`Dismiss text ${dismissing.text_id}`}
          message="The text stays stored as received, marked dismissed, with your note. Say why it is no payment to record."
          confirmLabel="Dismiss text"
          busy={dismiss.busy}
          error={dismiss.error}
          onCancel={() => setDismissing(undefined)}
          onConfirm={async (note) => {
            const textId = dismissing.text_id ?? '';
            if (await dismiss.run(() => api.dismissText(textId, note))) finish(`Text ${textId} dismissed.`);
          }}
        />
      ) : null}
      {matching ? (
        <MatchDialog credit={matching} onDone={finish} onCancel={() => setMatching(undefined)} />
      ) : null}
      {contested ? <ContestDialog utr={contested} onDone={finish} onCancel={() => setContested('')} /> : null}
    </>
  );
}

function AttentionCard({
  item,
  onDismiss,
  onMatch,
  onResolve,
}: {
  readonly item: AttentionItem;
  readonly onDismiss: () => void;
  readonly onMatch: (credit: MatchableCredit) => void;
  readonly onResolve: (utr: string) => void;
}) {
  const title = [
    ATTENTION_LABELS[item.kind].replace(/s$/, ''),
    item.amount && formatInr(item.amount),
    item.utr,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li class="card attention-item">
      <h2 class="item-title">{title}</h2>
      <p>{item.reason}</p>
      <p class="muted">
        Since {formatIst(item.at)}
        {item.payment_uid ? (
          <>
            {' · order '}
            <a class="mono" href={orderHref(item.payment_uid)}>
              {item.payment_uid}
            </a>
          </>
        ) : null}
        {item.credit_id ? ` · credit ${item.credit_id}` : null}
        {item.text_id ? ` · text ${item.text_id}` : null}
      </p>
      {item.detail ? (
        item.text_id ? (
          <pre class="raw-text">{item.detail}</pre>
        ) : (
          <p class="muted">{item.detail}</p>
        )
      ) : null}
      <div class="row">
        {item.kind === 'unparsed_text' ? <a href={creditsHref('unparsed')}>Fix into a credit</a> : null}
        {item.kind === 'approval' ? <a href={approvalsHref()}>Approve or reject</a> : null}
        {item.kind === 'conflict_credit' && item.credit_id ? (
          <button
            type="button"
            onClick={() =>
              onMatch({
                id: item.credit_id ?? '',
                utr: item.utr ?? '',
                amount: item.amount ?? '',
                payer_name: '',
                merchant_uid: item.merchant_uid,
                created_at: item.at,
              })
            }
          >
            Match credit {item.utr}
          </button>
        ) : null}
        {item.kind === 'contested_claim' && item.utr ? (
          <button type="button" onClick={() => onResolve(item.utr ?? '')}>
            Resolve UTR {item.utr}
          </button>
        ) : null}
        {isDismissable(item) ? (
          <button type="button" onClick={onDismiss}>
            Dismiss text {item.text_id}
          </button>
        ) : null}
      </div>
    </li>
  );
}
