import { useState } from 'preact/hooks';
import { LoadState } from '../../console/components/load-state.js';
import { ErrorText } from '../../console/components/notices.js';
import { SecretOnce } from '../../console/components/secret-once.js';
import { formatIst } from '../../console/lib/format-ist.js';
import type { InvitedUser } from '../../shared/portal-views.js';
import { useAppDeps, usePortalSession } from '../app-deps.js';
import { useAction, useResource } from '../lib/hooks.js';
import { Field } from './field.js';

/** The merchant's users: invite a colleague (a link shown once), remove one. */
export function TeamScreen() {
  const { api } = useAppDeps();
  const { session } = usePortalSession();
  const [team, reload] = useResource(() => api.team(), 'team');
  const action = useAction();
  const [email, setEmail] = useState('');
  const [invited, setInvited] = useState<InvitedUser | undefined>(undefined);
  const invite = async (event: Event) => {
    event.preventDefault();
    const user = await action.run(() => api.invite(email.trim()));
    if (user) {
      setInvited(user);
      setEmail('');
      reload();
    }
  };
  const remove = async (userId: string) => {
    if (await action.run(() => api.removeUser(userId))) reload();
  };
  return (
    <>
      <h1>Team</h1>
      {invited ? (
        <SecretOnce
          title={`Invitation for ${invited.email}`}
          fields={[['Invitation link (valid 72 hours, works once)', invited.invite_url]]}
          onDone={() => setInvited(undefined)}
        />
      ) : (
        <form class="card stack" onSubmit={invite} aria-labelledby="invite-title" noValidate>
          <h2 id="invite-title">Invite a colleague</h2>
          <div class="inline-form">
            <Field
              id="invite-email"
              label="Their e-mail address"
              type="email"
              value={email}
              onValue={setEmail}
              error={action.errorFor('email')}
            />
            <button type="submit" class="primary" disabled={action.busy}>
              Invite
            </button>
          </div>
        </form>
      )}
      <ErrorText message={action.errorBesides('email')} />
      <LoadState resource={team} retry={reload} what="the team">
        {(users) => (
          <ul class="plain">
            {users.map((user) => (
              <li key={user.user_id} class="card">
                <strong>{user.email}</strong> · {user.status} · since {formatIst(user.created_at)}{' '}
                {user.user_id === session.user_id ? (
                  <span class="muted">(you)</span>
                ) : (
                  <button
                    type="button"
                    disabled={action.busy}
                    aria-label={`Remove ${user.email}`}
                    onClick={() => void remove(user.user_id)}
                  >
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </>
  );
}
