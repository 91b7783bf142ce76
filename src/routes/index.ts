export type { RouteSpec, TemplateName, RenderMode } from './table.ts';
export { createRouter, type Router, type RouteMatch } from './match.ts';
export { PARAM_RULES, VALIDATORS, type Params, type ParamRule } from './params.ts';
export { SEGMENT_SCORE, compareRoutes } from './priority.ts';
