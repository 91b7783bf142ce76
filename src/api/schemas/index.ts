export * from './common.ts';
export * from './settings.ts';
export * from './sports.ts';
export * from './schedule.ts';
export * from './stats.ts';
export * from './content.ts';
export * from './pages.ts';
export * from './services.ts';
