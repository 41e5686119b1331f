import { createContext } from 'preact';

/** Whether the page is offline now (the poller's last word), for parts that wait for the network. */
export const OfflineContext = createContext(false);
