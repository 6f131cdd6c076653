export * from './diff-plans';
export * from './render-plan-diff';
export { matchPlanNodes, type PlanMatching } from './match-plan-nodes';
export * from './plan-regressions';
