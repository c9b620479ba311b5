/**
 * Luxon's token syntax for date formats ('dd LLL yyyy', 'yyyy-MM-dd h:mm a', spec 01 §9, 02 §9),
 * formatted in English as luxon's toFormat does with an en-US locale.
 *
 * Tokens: yyyy yy, MM M LLL LLLL MMM MMMM (LLL and MMM are the same in English), dd d, EEE EEEE,
 * HH H hh h, mm m, ss s, a. Text in single quotes is literal ('' is a quote). Any other run of a
 * letter (luxon's 'D', 'Z', 'W', …) and any other character is written as it is.
 */

/** A wall-clock time in some zone; weekday 1 (Monday) … 7 (Sunday), as luxon counts. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A number zero-padded to `width` digits, the sign before the zeros (luxon's padStart). */
export const pad = (n: number, width: number) => (n < 0 ? `-${String(-n).padStart(width, '0')}` : String(n).padStart(width, '0'));

/** The pieces of a format: tokens (runs of one character) and literals (quoted text, white space), as luxon splits it. */
function split(pattern: string): { literal: boolean; text: string }[] {
  const pieces: { literal: boolean; text: string }[] = [];
  let current = '';
  let quoted = false;
  const push = (literal: boolean) => pieces.push({ literal: literal || /^\s+$/.test(current), text: current });
  for (const c of pattern) {
    if (c === "'") {
      if (quoted && current === '') current = "'";
      if (current !== '') push(quoted);
      current = '';
      quoted = !quoted;
    } else if (quoted || c === current[0]) {
      current += c;
    } else {
      if (current !== '') push(false);
      current = c;
    }
  }
  if (current !== '') push(quoted);
  return pieces;
}

function token(text: string, t: WallClock): string {
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  switch (text) {
    case 'yyyy':
      return pad(t.year, 4);
    case 'yy':
      return pad(Number(String(t.year).slice(-2)), 2);
    case 'MM':
      return pad(t.month, 2);
    case 'M':
      return String(t.month);
    case 'LLL':
    case 'MMM':
      return MONTHS[t.month - 1]!.slice(0, 3);
    case 'LLLL':
    case 'MMMM':
      return MONTHS[t.month - 1]!;
    case 'dd':
      return pad(t.day, 2);
    case 'd':
      return String(t.day);
    case 'EEE':
      return WEEKDAYS[t.weekday - 1]!.slice(0, 3);
    case 'EEEE':
      return WEEKDAYS[t.weekday - 1]!;
    case 'HH':
      return pad(t.hour, 2);
    case 'H':
      return String(t.hour);
    case 'hh':
      return pad(hour12, 2);
    case 'h':
      return String(hour12);
    case 'mm':
      return pad(t.minute, 2);
    case 'm':
      return String(t.minute);
    case 'ss':
      return pad(t.second, 2);
    case 's':
      return String(t.second);
    case 'a':
      return t.hour < 12 ? 'AM' : 'PM';
    default:
      return text;
  }
}

/** A wall-clock time in a luxon token format ('dd LLL yyyy' → '21 Nov 2026'). */
export const formatTokens = (pattern: string, time: WallClock) =>
  split(pattern)
    .map((piece) => (piece.literal ? piece.text : token(piece.text, time)))
    .join('');
