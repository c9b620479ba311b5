export * from './constants.ts';
export * from './contract/index.ts';
export * from './environment.ts';
export * from './fields/index.ts';
export * from './frontend-version.ts';
export * from './passwords.ts';
export * from './roles.ts';
export * from './permissions/index.ts';
