import { createContext } from 'preact';

/**
 * How a screen's own contact block (ContactShop) tells the page frame it is there, so the footer
 * does not show the same contact twice: +1 when one mounts, -1 when it goes.
 */
export const ContactShownContext = createContext<(delta: number) => void>(() => {});
