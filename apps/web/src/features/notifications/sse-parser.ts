/** One Server-Sent Event: its name ('message' when the frame names none) and its data text. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Parses a text/event-stream as it arrives, chunk by chunk (the WHATWG 'event stream
 * interpretation'): lines end in LF, CRLF or CR; a blank line dispatches the event; lines
 * starting with ':' are comments (heartbeats); several data lines join with LF; a frame with
 * no data line dispatches nothing. A chunk may end anywhere, even inside a CRLF.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let pendingCr = false;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
    // 'retry' and unknown fields are ignored: reconnection is the client's own (backoff).
  };

  return {
    push(chunk: string): void {
      let text = chunk;
      // A CR at the end of the last chunk already ended its line; an LF right after it belongs to it.
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: an unfinished frame is discarded, as the standard says. */
    reset(): void {
      buffer = '';
      event = '';
      data = [];
      pendingCr = false;
    },
  };
}
