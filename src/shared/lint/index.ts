export * from './table-model';
export * from './schema-model';
export * from './lint-rules';
export * from './lint-target';
export * from './lint-statement';
export * from './migration-layout';
export * from './lint-migration';
export * from './type-narrowing';
