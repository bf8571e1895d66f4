import './zod-locale.ts';
export * from './roles.ts';
export * from './routes.ts';
export * from './common.ts';
export * from './password.ts';
export * from './auth.ts';
export * from './parameters.ts';
export * from './products.ts';
export * from './request-schema-audit.ts';
