/** The round mark above a result's heading: decorative, drawn as SVG (no emoji font needed). */
export type MarkKind = 'check' | 'cross' | 'clock' | 'dots' | 'back';

const PATHS: { readonly [K in MarkKind]: string } = {
  check: 'M6 12.5l4 4 8-9',
  cross: 'M7 7l10 10M17 7L7 17',
  clock: 'M12 4a8 8 0 1 0 0.01 0M12 7.5V12l3 2',
  dots: 'M6.5 12h.01M12 12h.01M17.5 12h.01',
  back: 'M9 7L5 11l4 4M5 11h9a5 5 0 0 1 0 10h-3',
};

export function StatusMark({ kind }: { readonly kind: MarkKind }) {
  return (
    <svg class="mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={PATHS[kind]}
        fill="none"
        stroke="currentColor"
        stroke-width="2.4"
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  );
}
