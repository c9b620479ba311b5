import { ENVIRONMENT_BAR_COLOR, type Environment } from '@turnout/shared';
import { accentPalette } from '../tenant-accent.ts';

/**
 * The colour of the top bar and of the phone's tab bar: the department's accent when it has a
 * colour (shade 6 of its palette, which white text reads on at 4.5:1; tenant-accent.ts), else the
 * environment's (spec 01 §2.4). One colour for both bars (issue 20, 'one look').
 */
export function barColor(tenantColor: string | null | undefined, environment: Environment): string {
  return accentPalette(tenantColor)?.[6] ?? ENVIRONMENT_BAR_COLOR[environment];
}
