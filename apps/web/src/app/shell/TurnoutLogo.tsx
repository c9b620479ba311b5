import { PRODUCT_NAME } from '@turnout/shared';

const BRAND_RED = '#9a0223';

interface TurnoutLogoProps {
  size?: number;
  /** Draws the red rounded tile behind the mark; without it the mark sits on a coloured bar. */
  tile?: boolean;
  /** The colour the mark's cut lines show: the tile's red, or the bar's colour. */
  ground?: string;
}

/** The Turnout mark: a fire helmet seen from the side, with a flame on its front shield. */
export function TurnoutLogo({ size = 56, tile = true, ground = BRAND_RED }: TurnoutLogoProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={`${PRODUCT_NAME} logo`} style={{ display: 'block' }}>
      {tile && <rect width="64" height="64" rx="14" fill={ground} />}
      <path d="M16 40c0-13 7.6-22 17.5-22S50 27 50 39.5z" fill="#fff" />
      <path d="M21 22.5c3.5-4 7.7-6 12.5-6 6 0 11 3.3 14 9" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M6 38.5h40c5.5 0 9.8 2.8 13 8.5-5.2-.6-9.6-1.8-13.4-3.5H9.5C7.6 43.5 6 41.9 6 40z" fill="#fff" />
      <path d="M9 19.5h15v11.5c0 4.6-3.3 8-7.5 9.5C12.3 39 9 35.6 9 31z" fill="#f6c445" stroke={ground} strokeWidth="2" />
      <path d="M16.5 24c-2.6 2.4-4 4.5-4 6.4a4 4 0 0 0 8 0c0-1.9-1.4-4-4-6.4z" fill={ground} />
    </svg>
  );
}
