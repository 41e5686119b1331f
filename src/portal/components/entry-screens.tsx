import { useState } from 'preact/hooks';
import { describeFailure } from '../../console/api/api-result.js';
import { ErrorText } from '../../console/components/notices.js';
import type { PortalSignedIn } from '../../shared/portal-views.js';
import { useAppDeps } from '../app-deps.js';
import { splitField } from '../lib/hooks.js';
import { Field } from './field.js';

interface EntryProps {
  readonly onSignedIn: (session: PortalSignedIn) => void;
}

/** The sign-in screen: e-mail address and password for a session cookie. */
export function SignInScreen({ onSignedIn, notice }: EntryProps & { readonly notice?: string }) {
  const { api } = useAppDeps();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const missing = {
      ...(email.trim() ? {} : { email: 'Enter your e-mail address.' }),
      ...(password ? {} : { password: 'Enter your password.' }),
    };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    const result = await api.signIn(email.trim(), password);
    setBusy(false);
    if (result.kind === 'ok') {
      setPassword('');
      onSignedIn(result.data);
    } else if (result.kind === 'unauthorized') {
      setErrors({ password: 'That e-mail address and password do not match.' });
    } else if (result.kind === 'refused' && result.code === 'rate_limited') {
      setErrors({ form: 'Too many attempts. Wait a minute, then try again.' });
    } else setErrors({ form: describeFailure(result) });
  };
  return (
    <main class="sign-in">
      <h1>Merchant portal</h1>
      {notice ? <p class="notice">{notice}</p> : null}
      <form onSubmit={submit} class="card stack" noValidate>
        <Field
          id="email"
          label="E-mail address"
          type="email"
          autocomplete="username"
          value={email}
          onValue={setEmail}
          error={errors.email}
        />
        <Field
          id="password"
          label="Password"
          type="password"
          autocomplete="current-password"
          value={password}
          onValue={setPassword}
          error={errors.password}
        />
        <FormEnd error={errors.form} busy={busy} label="Sign in" busyLabel="Signing in…" />
      </form>
    </main>
  );
}

const MIN_PASSWORD = 10;

/** An invitation link (`#invite=…`): choose a password, signed in at once. */
export function InviteScreen({ token, onSignedIn }: EntryProps & { readonly token: string }) {
  const { api } = useAppDeps();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD) {
      setErrors({ password: `Choose a password of at least ${MIN_PASSWORD} characters.` });
      return;
    }
    if (repeat !== password) {
      setErrors({ repeat: 'The two passwords differ. Type the same password twice.' });
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await api.acceptInvite(token, password);
    setBusy(false);
    if (result.kind === 'ok') onSignedIn(result.data);
    else if (result.kind === 'refused' && result.code === 'not_found') {
      setErrors({
        form: 'This invitation has been used or has expired. Ask for a new one, or sign in if you have a password.',
      });
    } else {
      const { field, message } = splitField(describeFailure(result));
      setErrors(field === 'password' ? { password: message } : { form: message });
    }
  };
  return (
    <main class="sign-in">
      <h1>Set your password</h1>
      <p>You were invited to the merchant portal. Choose a password to sign in with.</p>
      <form onSubmit={submit} class="card stack" noValidate>
        <Field
          id="new-password"
          label="New password"
          hint={`At least ${MIN_PASSWORD} characters.`}
          type="password"
          autocomplete="new-password"
          value={password}
          onValue={setPassword}
          error={errors.password}
        />
        <Field
          id="repeat-password"
          label="The same password again"
          type="password"
          autocomplete="new-password"
          value={repeat}
          onValue={setRepeat}
          error={errors.repeat}
        />
        <FormEnd error={errors.form} busy={busy} label="Set password and sign in" busyLabel="Saving…" />
        <p>
          <a href="#/orders">I already have a password</a>
        </p>
      </form>
    </main>
  );
}

/** The form's own error (not a field's) and its submit button. */
function FormEnd(props: { error: string | undefined; busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      <ErrorText message={props.error} />
      <button type="submit" class="primary" disabled={props.busy}>
        {props.busy ? props.busyLabel : props.label}
      </button>
    </>
  );
}
