export * from './checks.ts';
export * from './checks-basic.ts';
export * from './checks-rich.ts';
export * from './keys.ts';
export * from './messages.ts';
export * from './registry.ts';
export * from './types.ts';
export * from './validate.ts';
