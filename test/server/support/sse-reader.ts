/**
 * Reads a Server-Sent Events response as the browser's EventSource would parse it: events with
 * their id and data, comments counted, the end of the stream seen.
 */
export interface SseEvent {
  readonly id: string | undefined;
  readonly event: string;
  readonly data: string;
}

export interface SseReader {
  /** The next event; undefined once the stream ended. */
  next(): Promise<SseEvent | undefined>;
  /** Every remaining event until the stream ends. */
  rest(): Promise<SseEvent[]>;
  readonly comments: number;
  close(): Promise<void>;
}

export function readSse(response: Response): SseReader {
  const body = response.body;
  if (!body) throw new Error('no body');
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let comments = 0;
  let ended = false;
  const parse = (block: string): SseEvent | undefined => {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        comments++;
        continue;
      }
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'id') id = value;
      else if (name === 'event') event = value;
      else if (name === 'data') data.push(value);
      else continue;
      fields++;
    }
    return fields > 0 && data.length > 0 ? { id, event, data: data.join('\n') } : undefined;
  };
  const next = async (): Promise<SseEvent | undefined> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = parse(block);
        if (event) return event;
        continue;
      }
      if (ended) return undefined;
      const { value, done } = await reader.read();
      if (done) ended = true;
      else buffer += value;
    }
  };
  return {
    next,
    async rest() {
      const events: SseEvent[] = [];
      for (let event = await next(); event; event = await next()) events.push(event);
      return events;
    },
    get comments() {
      return comments;
    },
    close: () => reader.cancel(),
  };
}
