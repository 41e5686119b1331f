/** The way back from one thing to the list it is in (an order to Orders), above its screen. */
export function BackLink({ href, to }: { readonly href: string; readonly to: string }) {
  return (
    <p>
      <a href={href}>{`← ${to}`}</a>
    </p>
  );
}
