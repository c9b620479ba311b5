export * from './constants.ts';
export * from './contract/index.ts';
export * from './environment.ts';
export * from './frontend-version.ts';
