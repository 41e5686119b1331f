import type { ComponentChildren } from 'preact';
import { useCallback, useState } from 'preact/hooks';
import { brandColor } from '../lib/brand-color.js';
import { ContactShownContext } from '../state/contact-shown.js';
import { LanguagePicker } from './language-picker.js';
import { OfflineNote } from './offline-note.js';
import { StatusAnnouncer } from './status-announcer.js';
import { SupportFooter } from './support-footer.js';

export interface PageFrameProps {
  /** The merchant's name (untrusted text), when the order is known. */
  readonly merchant?: string | undefined;
  readonly brand?: string | null | undefined;
  /** The shop's support contact, offered under every screen of the order. */
  readonly support?: string | null | undefined;
  readonly announcement: string;
  readonly offline: boolean;
  readonly children: ComponentChildren;
}

/**
 * Header (merchant and language), one card of content, the shop's contact, the offline note and
 * the live region.
 */
export function PageFrame({ merchant, brand, support, announcement, offline, children }: PageFrameProps) {
  const accent = brandColor(brand ?? null);
  // While the screen shows its own contact block, the footer does not repeat the contact.
  const [contactBlocks, setContactBlocks] = useState(0);
  const contactShown = useCallback((delta: number) => setContactBlocks((n) => n + delta), []);
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
      <ContactShownContext.Provider value={contactShown}>
        <main class="card">{children}</main>
      </ContactShownContext.Provider>
      {merchant && support && contactBlocks === 0 && <SupportFooter merchant={merchant} contact={support} />}
      <StatusAnnouncer text={announcement} />
    </div>
  );
}
