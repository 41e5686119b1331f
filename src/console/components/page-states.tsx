/** What the console and the portal show besides their screens: the first paint and an unknown address. */

/** The page while its session is checked. */
export function Booting({ what }: { readonly what: string }) {
  return (
    <p class="boot" role="status">
      {`Loading ${what}…`}
    </p>
  );
}

/** An address no screen answers to, with the way back to the page's first screen. */
export function NotFound({ home, homeName }: { readonly home: string; readonly homeName: string }) {
  return (
    <>
      <h1>Not found</h1>
      <p>
        No such screen. <a href={home}>{`Back to ${homeName}`}</a>
      </p>
    </>
  );
}
