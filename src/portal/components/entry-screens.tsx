import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { type ApiResult, describeFailure } from '../../console/api/api-result.js';
import { ErrorText } from '../../console/components/notices.js';
import type { PortalSignedIn } from '../../shared/portal-views.js';
import { useAppDeps } from '../app-deps.js';
import { splitField } from '../lib/hooks.js';
import { Field, type FieldProps } from './field.js';

interface EntryProps {
  readonly onSignedIn: (session: PortalSignedIn) => void;
}

const SIGN_IN_FIELDS = [
  { name: 'email', id: 'email', label: 'E-mail address', type: 'email', autocomplete: 'username' },
  { name: 'password', id: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' },
] as const;

/** The sign-in screen: e-mail address and password for a session cookie. */
export function SignInScreen({ onSignedIn, notice }: EntryProps & { readonly notice?: string }) {
  const { api } = useAppDeps();
  return (
    <EntryForm
      heading="Merchant portal"
      intro={notice ? <p class="notice">{notice}</p> : null}
      fields={SIGN_IN_FIELDS}
      check={({ email, password }) => ({
        ...(email.trim() ? {} : { email: 'Enter your e-mail address.' }),
        ...(password ? {} : { password: 'Enter your password.' }),
      })}
      send={({ email, password }) => api.signIn(email.trim(), password)}
      refusal={(result) =>
        result.kind === 'unauthorized'
          ? { password: 'That e-mail address and password do not match.' }
          : result.kind === 'refused' && result.code === 'rate_limited'
            ? { form: 'Too many attempts. Wait a minute, then try again.' }
            : { form: describeFailure(result) }
      }
      label="Sign in"
      busyLabel="Signing in…"
      onSignedIn={onSignedIn}
    />
  );
}

const MIN_PASSWORD = 10;

const INVITE_FIELDS = [
  {
    name: 'password',
    id: 'new-password',
    label: 'New password',
    hint: `At least ${MIN_PASSWORD} characters.`,
    type: 'password',
    autocomplete: 'new-password',
  },
  {
    name: 'repeat',
    id: 'repeat-password',
    label: 'The same password again',
    type: 'password',
    autocomplete: 'new-password',
  },
] as const;

/** An invitation link (`#invite=…`): choose a password, signed in at once. */
export function InviteScreen({ token, onSignedIn }: EntryProps & { readonly token: string }) {
  const { api } = useAppDeps();
  return (
    <EntryForm
      heading="Set your password"
      intro={<p>You were invited to the merchant portal. Choose a password to sign in with.</p>}
      fields={INVITE_FIELDS}
      check={({ password, repeat }) =>
        password.length < MIN_PASSWORD
          ? { password: `Choose a password of at least ${MIN_PASSWORD} characters.` }
          : repeat !== password
            ? { repeat: 'The two passwords differ. Type the same password twice.' }
            : {}
      }
      send={({ password }) => api.acceptInvite(token, password)}
      refusal={(result) => {
        if (result.kind === 'refused' && result.code === 'not_found') {
          return {
            form: 'This invitation has been used or has expired. Ask for a new one, or sign in if you have a password.',
          };
        }
        const { field, message } = splitField(describeFailure(result));
        return field === 'password' ? { password: message } : { form: message };
      }}
      label="Set password and sign in"
      busyLabel="Saving…"
      onSignedIn={onSignedIn}
    >
      <p>
        <a href="#/orders">I already have a password</a>
      </p>
    </EntryForm>
  );
}

/** A field of an entry form: the name its value and its error go by, and how it is shown. */
type EntryField<Name extends string> = Pick<FieldProps, 'id' | 'label' | 'type' | 'autocomplete' | 'hint'> & {
  readonly name: Name;
};

/** What is wrong, by field, or with the form as a whole. */
type EntryErrors<Name extends string> = Partial<Record<Name | 'form', string>>;

/**
 * A screen that signs in (with a password, or by an invitation): its fields checked on the page
 * first, then sent; a refusal is said next to the field it concerns, or under the form.
 */
function EntryForm<Name extends string>(props: {
  readonly heading: string;
  readonly intro: ComponentChildren;
  readonly fields: readonly EntryField<Name>[];
  readonly check: (values: Record<Name, string>) => EntryErrors<Name>;
  readonly send: (values: Record<Name, string>) => Promise<ApiResult<PortalSignedIn>>;
  readonly refusal: (result: Exclude<ApiResult<unknown>, { kind: 'ok' }>) => EntryErrors<Name>;
  readonly label: string;
  readonly busyLabel: string;
  readonly onSignedIn: (session: PortalSignedIn) => void;
  readonly children?: ComponentChildren;
}) {
  const { fields } = props;
  const blank = () => Object.fromEntries(fields.map((field) => [field.name, ''])) as Record<Name, string>;
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<EntryErrors<Name>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const missing = props.check(values);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    const result = await props.send(values);
    setBusy(false);
    if (result.kind === 'ok') {
      // The typed password is not kept once it has been used.
      setValues(blank());
      props.onSignedIn(result.data);
    } else setErrors(props.refusal(result));
  };
  return (
    <main class="sign-in">
      <h1>{props.heading}</h1>
      {props.intro}
      <form onSubmit={submit} class="card stack" noValidate>
        {fields.map(({ name, ...shown }) => (
          <Field
            key={name}
            {...shown}
            value={values[name]}
            onValue={(value) => setValues((now) => ({ ...now, [name]: value }))}
            error={errors[name]}
          />
        ))}
        <ErrorText message={errors.form} />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? props.busyLabel : props.label}
        </button>
        {props.children}
      </form>
    </main>
  );
}
