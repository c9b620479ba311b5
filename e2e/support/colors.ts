/** '#1c4e80' → 'rgb(28, 78, 128)', the way getComputedStyle reports a colour. */
export function rgb(hex: string): string {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

/** The top bar colours of packages/shared ENVIRONMENT_BAR_COLOR, repeated here on purpose: the test states the spec. */
export const BAR = {
  development: rgb('#1c4e80'),
  staging: rgb('#b35c00'),
  production: rgb('#9a0223'),
};
