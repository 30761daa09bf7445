import { lazy, useState, type ComponentType } from 'react';

export type Preloadable<P extends object, M> = ComponentType<P> & {
  /** Starts loading the module (once); resolves with it. */
  preload: () => Promise<M>;
  /** The module once it has arrived, else undefined. */
  loaded: () => M | undefined;
};

/**
 * A component in a chunk of its own, like `React.lazy`, that can be loaded ahead of its first
 * render. Unlike `lazy`, a component whose module has already arrived renders at once instead of
 * suspending for a tick: its Suspense fallback is never shown, so React does not hold the page
 * back by its fallback throttle (300 ms) after it. Mounted before then, it is `lazy`'s.
 *
 * A failed load is forgotten, so that a later render or preload tries again.
 */
export function preloadable<P extends object, M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P, M> {
  let loading: Promise<M> | undefined;
  let module: { value: M } | undefined;
  const preload = (): Promise<M> => {
    if (loading) return loading;
    const promise = load().then(
      (value) => {
        module = { value };
        return value;
      },
      (error: unknown) => {
        if (loading === promise) loading = undefined;
        throw error;
      },
    );
    loading = promise;
    return promise;
  };
  const Lazy = lazy(() => preload().then((value) => ({ default: pick(value) })));
  function PreloadableComponent(props: P) {
    // Chosen once per mount: switching from one to the other would remount the page.
    const [Component] = useState<ComponentType<P>>(() => (module ? pick(module.value) : Lazy));
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload, loaded: () => module?.value });
}
