import { verify } from 'otplib';

/** TOTP of RFC 6238 (30 s, 6 digits, SHA-1); one time step of drift either way (§5.2). */
export const TOTP_TOLERANCE_SECONDS = 30;

/** The time step the code belongs to, or null when it is wrong (or not newer than `afterTimeStep`). */
export async function totpTimeStep(secret: string, code: string, afterTimeStep?: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterTimeStep !== null && afterTimeStep !== undefined ? { afterTimeStep: Number(afterTimeStep) } : {}),
  });
  if (!result.valid) return null;
  if (!('timeStep' in result) || typeof result.timeStep !== 'number') throw new Error('TOTP verification gave no time step');
  return result.timeStep;
}
