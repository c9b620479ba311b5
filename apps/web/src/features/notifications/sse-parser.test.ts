import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser.ts';

function parse(...chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

describe('createSseParser', () => {
  it('reads named events with JSON data and skips comments (heartbeats)', () => {
    expect(parse(': connected\n\nevent: unread\ndata: {"total":3}\n\n: heartbeat\n\n')).toEqual([{ event: 'unread', data: '{"total":3}' }]);
  });

  it('joins data lines, defaults the name to message and keeps the last id', () => {
    expect(parse('data: one\ndata: two\nid: 7\n\n')).toEqual([{ event: 'message', data: 'one\ntwo', id: '7' }]);
  });

  it('accepts a frame split anywhere across chunks, CRLF included', () => {
    const text = 'event: notification\r\ndata: {"id":"a"}\r\n\r\nevent: unread\r\ndata: {"total":1}\r\n\r\n';
    const whole = parse(text);
    expect(whole).toEqual([
      { event: 'notification', data: '{"id":"a"}' },
      { event: 'unread', data: '{"total":1}' },
    ]);
    for (let cut = 1; cut < text.length; cut += 1) expect(parse(text.slice(0, cut), text.slice(cut)), `cut at ${cut}`).toEqual(whole);
    // One character at a time.
    expect(parse(...text.split(''))).toEqual(whole);
  });

  it('handles lone CR line ends, a field without a colon and no space after the colon', () => {
    expect(parse('event:unread\rdata:{"total":0}\r\r')).toEqual([{ event: 'unread', data: '{"total":0}' }]);
    expect(parse('data\n\n')).toEqual([{ event: 'message', data: '' }]);
  });

  it('dispatches nothing for a frame without data or one not yet ended', () => {
    expect(parse('event: unread\n\n')).toEqual([]);
    expect(parse('event: unread\ndata: {"total":2}\n')).toEqual([]);
  });
});
