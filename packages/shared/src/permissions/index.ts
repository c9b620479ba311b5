export * from './model.ts';
export * from './resolve.ts';
