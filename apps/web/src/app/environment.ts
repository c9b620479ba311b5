import { ENVIRONMENT_SHORT, ENVIRONMENTS, type Environment, environmentFrom } from '@turnout/shared';
import { useSyncExternalStore } from 'react';
import { storedValue } from '../api/stored-value.ts';

export const ENVIRONMENT_STORAGE_KEY = 'turnout.environment';

/** The order the logo taps go through (spec 01 §2.2): dev, stage, prod, then dev again. */
const CYCLE: readonly Environment[] = ['development', 'staging', 'production'];

export function nextEnvironment(current: Environment): Environment {
  return CYCLE[(CYCLE.indexOf(current) + 1) % CYCLE.length] ?? 'development';
}

/** 'env: dev' and 'env: stage'; production shows no label. */
export function environmentLabel(environment: Environment): string | null {
  return environment === 'production' ? null : `env: ${ENVIRONMENT_SHORT[environment]}`;
}

const isEnvironment = (raw: string): raw is Environment => (ENVIRONMENTS as readonly string[]).includes(raw);

/**
 * The environment the app runs as: a choice made on this device (logo taps) wins over what
 * the server reports in /api/health. Until the server has answered, the app looks like
 * production: it never claims to be a test system when it may not be one.
 */
function createEnvironmentStore() {
  const override = storedValue<Environment>(ENVIRONMENT_STORAGE_KEY, (raw) => (isEnvironment(raw) ? raw : null));
  const listeners = new Set<() => void>();
  let server: Environment | null = null;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  override.subscribe(notify);
  const current = (): Environment => override.get() ?? server ?? 'production';

  return {
    current,
    server: () => server,
    /** Records what /api/health reported. */
    setServer(reported: string) {
      const next = environmentFrom(reported);
      if (next === server) return;
      server = next;
      notify();
    },
    setOverride: (environment: Environment | null) => override.set(environment),
    /** Moves to the next environment of the cycle and keeps the choice on this device. */
    cycle(): Environment {
      const next = nextEnvironment(current());
      override.set(next);
      return next;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const environmentStore = createEnvironmentStore();

export function useEnvironment(): Environment {
  return useSyncExternalStore(environmentStore.subscribe, environmentStore.current, environmentStore.current);
}
