import type { ComponentChildren } from 'preact';

/** A plain screen with a heading and text: loading, link not found, service unreachable. */
export function MessageScreen({
  title,
  body,
  children,
}: {
  readonly title: string;
  readonly body?: string;
  readonly children?: ComponentChildren;
}) {
  return (
    <section class="message">
      <h1>{title}</h1>
      {body && <p>{body}</p>}
      {children}
    </section>
  );
}
