export * from './errors';
export * from './connection';
export * from './contract';
export * from './wire';
export * from './client';
export * from './query';
export * from './export';
export * from './schema';
