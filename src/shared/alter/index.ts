export * from './alter-operation';
export * from './parse-alter';
export * from './column-change';
export * from './alter-rules';
export * from './plan-alter';
export * from './alter-progress';
export * from './online-schema-tools';
export * from './alter-form';
