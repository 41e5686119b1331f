/** A refusal or a failure, read out at once (`role="alert"`); nothing while there is none. */
export function ErrorText({ message, id }: { readonly message: string | undefined; readonly id?: string }) {
  return message ? (
    <p id={id} class="error" role="alert">
      {message}
    </p>
  ) : null;
}

/** What a change did, read out when it is shown (`role="status"`); nothing while there is none. */
export function DoneNotice({ message }: { readonly message: string | undefined }) {
  return message ? (
    <p class="notice notice-good" role="status">
      {message}
    </p>
  ) : null;
}
