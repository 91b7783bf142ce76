import { createContext, lazy, Suspense, useContext, type ComponentType } from 'react';

/** A registry holds components of any props. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry has its own props; callers know them
type AnyComponent = ComponentType<any>;

/**
 * Components the server renders in place but the browser loads on demand (see `deferred`). The server bundle
 * provides them eagerly (src/build/render/ssr.tsx); in the browser the context is empty.
 */
export const EagerComponents = createContext<Readonly<Record<string, AnyComponent>> | null>(null);

const loaders: (() => Promise<unknown>)[] = [];

/**
 * A component that is in the HTML from the start but whose code is not part of the first load: a Suspense
 * boundary around a lazy import. While its chunk loads, React leaves the server's markup in place (selective
 * hydration) and makes it interactive when the code arrives. For heavy, rarely-first-used parts: forms, sliders.
 */
export function deferred<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  loaders.push(load);
  function Deferred(props: P) {
    const Component = (useContext(EagerComponents)?.[name] as ComponentType<P> | undefined) ?? Lazy;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  Deferred.displayName = `Deferred(${name})`;
  return Deferred;
}

/** Fetch every deferred component's code (after hydration, in idle time), so client navigations never wait. */
export function preloadDeferred(): Promise<unknown> {
  return Promise.all(loaders.map((load) => load().catch(() => null)));
}
