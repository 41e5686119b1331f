import { useState } from 'preact/hooks';
import type { AttentionKind } from '../../shared/attention-views.js';
import { isListedText, type ListedCredit, type ListedText } from '../../shared/credit-views.js';
import { useAppDeps } from '../app-deps.js';
import { useAction } from '../hooks/use-action.js';
import { usePagedResource } from '../hooks/use-pages.js';
import { useResource } from '../hooks/use-resource.js';
import { fieldError, labelIn } from '../lib/field-error.js';
import { formatCount } from '../lib/format-inr.js';
import { formatIst } from '../lib/format-ist.js';
import { creditsHref } from '../lib/route.js';
import { CreditTable } from './credit-table.js';
import { describedBy, FieldErrorText, FormAlert } from './field-error-text.js';
import { FixTextForm } from './fix-text-form.js';
import { MatchDialog } from './match-dialog.js';
import { DoneNotice } from './notices.js';
import { idPage, PagedList } from './paged-list.js';

export const CREDIT_TABS = [
  { id: 'waiting', label: 'Waiting', empty: 'No credit is waiting for an order.' },
  {
    id: 'unparsed',
    label: 'Unparsed',
    empty: 'No bank text is waiting to be read by hand.',
    counted: 'unparsed_text',
  },
  { id: 'conflict', label: 'Conflicts', empty: 'No credit is in conflict.', counted: 'conflict_credit' },
  { id: 'ignored', label: 'Ignored', empty: 'No text was ignored.' },
  { id: 'invalid', label: 'Invalid', empty: 'No text arrived unreadable.' },
  { id: 'matched', label: 'Matched', empty: 'No credit has matched an order yet.' },
] as const satisfies readonly {
  id: string;
  label: string;
  empty: string;
  /** The Needs attention kind whose count the tab shows. */
  counted?: AttentionKind;
}[];

/** Credits and bank texts by state: match a credit by hand, fix an unparsed text, post a credit. */
export function CreditsScreen({ tab }: { readonly tab: string }) {
  const { api } = useAppDeps();
  const current = CREDIT_TABS.find((item) => item.id === tab) ?? CREDIT_TABS[0];
  const list = usePagedResource((before) => api.credits(current.id, before), current.id);
  const { reload } = list;
  const [attention, reloadAttention] = useResource(() => api.attention(), 'attention');
  const waitingCounts = attention.state === 'ready' ? attention.data.counts : undefined;
  const [matching, setMatching] = useState<ListedCredit | undefined>(undefined);
  const [done, setDone] = useState('');
  const finish = (message: string) => {
    setMatching(undefined);
    setDone(message);
    reload();
    reloadAttention();
  };
  return (
    <>
      <h1>Credits</h1>
      <nav class="tabs" aria-label="Credit states">
        {CREDIT_TABS.map((item) => (
          <a
            class="tab"
            key={item.id}
            href={creditsHref(item.id)}
            aria-current={item.id === current.id ? 'page' : undefined}
          >
            {item.label}
            {waitingCounts && 'counted' in item ? ` (${formatCount(waitingCounts[item.counted])})` : null}
          </a>
        ))}
      </nav>
      <DoneNotice message={done} />
      <PagedList list={list} what="credits" page={(list) => idPage(list)} empty={current.empty}>
        {(list) =>
          current.id === 'unparsed' || current.id === 'ignored' || current.id === 'invalid' ? (
            <TextList
              texts={list.filter(isListedText)}
              fixable={current.id === 'unparsed'}
              onFixed={finish}
            />
          ) : (
            <CreditTable
              credits={list.filter((row): row is ListedCredit => !isListedText(row))}
              onMatch={current.id === 'matched' ? undefined : setMatching}
            />
          )
        }
      </PagedList>
      <PostCreditForm onPosted={() => reload()} />
      {matching ? (
        <MatchDialog credit={matching} onDone={finish} onCancel={() => setMatching(undefined)} />
      ) : null}
    </>
  );
}

function TextList({
  texts,
  fixable,
  onFixed,
}: {
  readonly texts: readonly ListedText[];
  readonly fixable: boolean;
  readonly onFixed: (message: string) => void;
}) {
  return (
    <ul class="plain texts">
      {texts.map((text) => (
        <li key={text.id} class="card">
          <p class="muted">
            Received {formatIst(text.received_at)} · {text.channel}
            {fixable ? null : ` · ${text.reason}`}
          </p>
          {fixable ? <FixTextForm text={text} onDone={onFixed} /> : <pre class="raw-text">{text.body}</pre>}
        </li>
      ))}
    </ul>
  );
}

/** The hand-posted credit's fields, as the API names them, with their labels. */
const CREDIT_FIELDS = [
  ['utr', 'UTR (12 digits)'],
  ['amount', 'Amount (₹)'],
  ['payer_name', 'Payer name'],
  ['payee', 'Payee account'],
] as const;

function PostCreditForm({ onPosted }: { readonly onPosted: () => void }) {
  const { api } = useAppDeps();
  const [form, setForm] = useState({ utr: '', amount: '', payer_name: '', payee: '' });
  const [outcome, setOutcome] = useState('');
  const action = useAction();
  // A refusal of one field is shown under it; any other under the form.
  const misfit = fieldError(
    action.error,
    CREDIT_FIELDS.map(([name]) => name),
  );
  const submit = async (event: Event) => {
    event.preventDefault();
    setOutcome('');
    const body = Object.fromEntries(Object.entries(form).filter(([, value]) => value.trim() !== ''));
    const result = await action.run(() => api.postCredit(body));
    if (result) {
      setOutcome(
        `Credit ${result.utr}: ${result.outcome}${result.payment_uid ? ` for ${result.payment_uid}` : ''}${result.reason ? ` (${result.reason})` : ''}.`,
      );
      setForm({ utr: '', amount: '', payer_name: '', payee: '' });
      onPosted();
    }
  };
  return (
    <section class="card">
      <h2>Post a credit by hand</h2>
      <form class="grid" onSubmit={submit}>
        {CREDIT_FIELDS.map(([name, label]) => {
          const id = `credit-${name}`;
          const wrong = misfit?.field === name ? misfit.message : '';
          return (
            <div key={name}>
              <label for={id}>{label}</label>
              <input
                id={id}
                value={form[name]}
                inputMode={name === 'utr' || name === 'amount' ? 'decimal' : undefined}
                onInput={(event) => setForm({ ...form, [name]: event.currentTarget.value })}
                {...describedBy(id, wrong)}
              />
              <FieldErrorText id={id} wrong={wrong} />
            </div>
          );
        })}
        <div>
          <button type="submit" class="primary" disabled={action.busy}>
            Post credit
          </button>
        </div>
      </form>
      <FormAlert error={action.error} misfit={misfit} label={labelIn(CREDIT_FIELDS)} />
      <DoneNotice message={outcome} />
    </section>
  );
}
