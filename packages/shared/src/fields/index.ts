export * from './checks.ts';
export * from './keys.ts';
export * from './messages.ts';
export * from './registry.ts';
export * from './types.ts';
export * from './validate.ts';
