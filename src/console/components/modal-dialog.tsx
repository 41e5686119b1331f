import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog over the screen: Escape closes it, Tab and Shift+Tab stay inside it, and when it
 * closes the focus goes back to what opened it (the button the operator pressed), so a keyboard
 * user carries on where they were.
 */
export function ModalDialog({
  titleId,
  wide = false,
  onCancel,
  children,
}: {
  readonly titleId: string;
  readonly wide?: boolean;
  readonly onCancel: () => void;
  readonly children: ComponentChildren;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    return () => opener?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Tab' && box.current) keepTabInside(event, box.current);
  };
  return (
    <div class="backdrop">
      <div
        ref={box}
        class={wide ? 'dialog card wide-dialog' : 'dialog card'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
}

/** Moves the focus from the last focusable element to the first (or back, with Shift). */
function keepTabInside(event: KeyboardEvent, box: HTMLElement): void {
  const focusable = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
