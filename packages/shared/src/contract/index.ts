export * from './admin-logins.ts';
export * from './common.ts';
export * from './entities.ts';
export * from './entity-types.ts';
export * from './health.ts';
export * from './identity.ts';
export * from './notices.ts';
export * from './permissions.ts';
