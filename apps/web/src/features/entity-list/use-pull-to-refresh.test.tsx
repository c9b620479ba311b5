// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PULL_THRESHOLD_PX, usePullToRefresh } from './use-pull-to-refresh.ts';

function Box({ onRefresh }: { onRefresh(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  const pulled = usePullToRefresh(ref, onRefresh);
  return (
    <div ref={ref} data-testid="box">
      {pulled}
    </div>
  );
}

const touch = (element: Element, type: string, y?: number) =>
  act(() => {
    const event = new Event(type, { bubbles: true });
    Object.defineProperty(event, 'touches', { value: y === undefined ? [] : [{ clientY: y }] });
    element.dispatchEvent(event);
  });

afterEach(cleanup);

describe('usePullToRefresh', () => {
  it('refreshes after a pull past the threshold from the top, not after a short one', () => {
    const onRefresh = vi.fn();
    const { getByTestId } = render(<Box onRefresh={onRefresh} />);
    const box = getByTestId('box');
    touch(box, 'touchstart', 100);
    touch(box, 'touchmove', 100 + PULL_THRESHOLD_PX / 2);
    expect(box.textContent).toBe(String(PULL_THRESHOLD_PX / 2));
    touch(box, 'touchend');
    expect(onRefresh).not.toHaveBeenCalled();
    expect(box.textContent).toBe('0');

    touch(box, 'touchstart', 100);
    touch(box, 'touchmove', 100 + PULL_THRESHOLD_PX + 5);
    touch(box, 'touchend');
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
