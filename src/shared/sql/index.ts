export * from './lexer';
export * from './split-statements';
export * from './statement-at';
export * from './statement-class';
export * from './classify-statement';
export * from './quote-identifier';
export * from './mask-secrets';
export { builtinFunctionNames, isBuiltinFunction } from './builtin-functions';
export * from './sweeping-change';
