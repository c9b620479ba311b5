/** The Sensitive Actions popup loads the next page within 400 px of the bottom (spec 03 §9). */
export const LOAD_MORE_THRESHOLD_PX = 400;

/** True when the scrolled box is within `threshold` px of its end (or shorter than its viewport). */
export function nearEnd(
  box: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold = LOAD_MORE_THRESHOLD_PX,
): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;
}
