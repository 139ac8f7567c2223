export * from './constants.js';
export * from './roles.js';
export * from './errors.js';
export * from './auth/password.js';
export * from './auth/schemas.js';
export * from './users/schemas.js';
export * from './booking/schemas.js';
export * from './booking/products.js';
