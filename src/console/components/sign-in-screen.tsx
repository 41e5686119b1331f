import { useState } from 'preact/hooks';
import type { SignedIn } from '../../shared/session-view.js';
import { describeFailure } from '../api/api-result.js';
import { useAppDeps } from '../app-deps.js';
import { ErrorText } from './notices.js';

export interface SignInScreenProps {
  readonly onSignedIn: (session: SignedIn) => void;
  readonly notice?: string;
}

/** The one screen reachable without a session: the operator token for a session cookie. */
export function SignInScreen({ onSignedIn, notice }: SignInScreenProps) {
  const { api } = useAppDeps();
  const [token, setToken] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!token.trim()) {
      setError('Enter your operator token.');
      return;
    }
    setBusy(true);
    setError('');
    const result = await api.signIn(token.trim());
    setBusy(false);
    if (result.kind === 'ok') {
      setToken('');
      onSignedIn(result.data);
    } else if (result.kind === 'refused' && result.code === 'unauthorized') {
      setError('That token is not valid.');
    } else setError(result.kind === 'unauthorized' ? 'That token is not valid.' : describeFailure(result));
  };
  return (
    <main class="sign-in">
      <h1>Operator console</h1>
      {notice ? <p class="notice">{notice}</p> : null}
      <form onSubmit={submit} class="card stack">
        <label for="token">Operator token</label>
        <input
          id="token"
          type="password"
          autocomplete="current-password"
          value={token}
          onInput={(event) => setToken(event.currentTarget.value)}
          aria-describedby={error ? 'sign-in-error' : undefined}
          aria-invalid={error ? true : undefined}
        />
        <ErrorText id="sign-in-error" message={error} />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
