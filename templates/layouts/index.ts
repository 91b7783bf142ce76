import type { LayoutComponent } from '../app.tsx';

type Loader = () => Promise<{ default: LayoutComponent }>;

/**
 * The layouts (behaviour §2: game-day and ticketing), each in templates/layouts/<name>.tsx: the server awaits them
 * once, the browser loads each as a chunk of its own (and preloads them on navigation).
 */
export const LAYOUTS = {
  'game-day': () => import('./game-day.tsx'),
  ticketing: () => import('./ticketing.tsx'),
} as const satisfies Record<string, Loader>;

export type LayoutName = keyof typeof LAYOUTS;
export const LAYOUT_NAMES = Object.keys(LAYOUTS) as LayoutName[];
