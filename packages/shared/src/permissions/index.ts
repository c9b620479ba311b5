export * from './collections.ts';
export * from './fields.ts';
export * from './model.ts';
export * from './resolve.ts';
