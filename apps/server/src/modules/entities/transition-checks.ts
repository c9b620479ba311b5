import type { EntityRecord, EntityType } from '@turnout/shared';

/**
 * Checks a record must pass to take a transition that names one (a transition's
 * metadata.check, packages/shared/src/workflow.ts): 'neris' is registered by modules/neris,
 * so that only a valid NERIS report reaches 'NERIS Ready'. A check gets the record as the
 * caller sees it and answers errors per field (empty when it passes). A transition whose check
 * is not registered is refused: no check, no way through.
 */
export type TransitionCheck = (type: EntityType, record: EntityRecord) => Record<string, string[]>;

const checks = new Map<string, TransitionCheck>();

export function registerTransitionCheck(name: string, check: TransitionCheck): void {
  checks.set(name, check);
}

export function transitionCheck(name: string): TransitionCheck | undefined {
  return checks.get(name);
}
