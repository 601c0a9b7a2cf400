/** The API contract of the Asset Generation Service: one import for everything derived from the spec. */
export * from './limits';
export * from './fields';
export * from './file-types';
export * from './catalogue';
export * from './schemas';
export * from './assets';
export * from './rate-card';
export * from './plain-words';
