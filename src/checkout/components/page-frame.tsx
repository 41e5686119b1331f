import type { ComponentChildren } from 'preact';
import { brandColor } from '../lib/brand-color.js';
import { LanguagePicker } from './language-picker.js';
import { OfflineNote } from './offline-note.js';
import { StatusAnnouncer } from './status-announcer.js';

export interface PageFrameProps {
  /** The merchant's name (untrusted text), when the order is known. */
  readonly merchant?: string | undefined;
  readonly brand?: string | null | undefined;
  readonly announcement: string;
  readonly offline: boolean;
  readonly children: ComponentChildren;
}

/** Header (merchant and language), one card of content, the offline note and the live region. */
export function PageFrame({ merchant, brand, announcement, offline, children }: PageFrameProps) {
  const accent = brandColor(brand ?? null);
  return (
    <div class="page" style={accent ? { '--brand': accent } : undefined}>
      <header class="top">
        <p class="merchant">
          {merchant && (
            <span class="merchant-mark" aria-hidden="true">
              {Array.from(merchant.trim())[0]?.toUpperCase()}
            </span>
          )}
          <span>{merchant ?? ''}</span>
        </p>
        <LanguagePicker />
      </header>
      <OfflineNote offline={offline} />
      <main class="card">{children}</main>
      <StatusAnnouncer text={announcement} />
    </div>
  );
}
