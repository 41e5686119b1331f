/**
 * A stand-in for the browser's EventSource (happy-dom has none): records what the page opened
 * and lets a test deliver events, fail the connection or watch the page close it.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static readonly opened: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  /** The server sends an event (its data as the service writes it). */
  emit(data: unknown): void {
    this.readyState = FakeEventSource.OPEN;
    this.onmessage?.(
      new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }

  /** The connection fails; `closed` as when the browser gives up, else it would retry. */
  fail(closed = false): void {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }

  static reset(): void {
    FakeEventSource.opened.length = 0;
  }
}
