/**
 * Silent and recovered credit sources announced to the operators' alert webhook (ALERT_WEBHOOK_URL,
 * notify/alert-webhook.ts), when one is set: the event names the source, its merchant and account,
 * and when it last received a text and a heartbeat. No secret leaves: the source's token is never
 * read here.
 */
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { alertWebhook, type SendAlert } from '../notify/alert-webhook.js';
import type { SourceAlertEvent } from './commands/watch-sources.js';
import type { WatchedSource } from './credit-source-store.js';

export type AnnounceSource = (event: SourceAlertEvent, source: WatchedSource, at: Date) => Promise<void>;

export function announceSource(
  config: Pick<Config, 'alertWebhook' | 'allowPrivateCallbacks'>,
  log: Logger,
  send: SendAlert | undefined = config.alertWebhook
    ? alertWebhook({ ...config.alertWebhook, allowPrivate: config.allowPrivateCallbacks }, log)
    : undefined,
): AnnounceSource {
  return async (event, source, at) => {
    log.warn(event === 'credit_source.silent' ? 'credit source silent' : 'credit source recovered', {
      source_id: source.id,
    });
    if (!send) return;
    await send(
      event,
      {
        source_id: source.id,
        name: source.name,
        merchant_uid: source.merchant_uid,
        account: source.account,
        last_text_at: source.last_text_at?.toISOString() ?? null,
        last_heartbeat_at: source.last_heartbeat_at?.toISOString() ?? null,
      },
      at,
    );
  };
}
