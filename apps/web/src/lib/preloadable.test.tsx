import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

interface Module {
  Greeting: (props: { name: string }) => React.JSX.Element;
}

const module: Module = { Greeting: ({ name }) => <p>Hello {name}</p> };

/** A module load that the test settles when it wants. */
function deferredLoad() {
  const loads: { resolve: (value: Module) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<Module>((resolve, reject) => {
      loads.push({ resolve, reject });
    });
  return { load, loads };
}

const inSuspense = (ui: React.ReactNode) => <Suspense fallback={<p>Loading</p>}>{ui}</Suspense>;

describe('preloadable', () => {
  it('shows the fallback while its module loads, then the component', async () => {
    const { load, loads } = deferredLoad();
    const Greeting = preloadable(load, (loaded) => loaded.Greeting);
    render(inSuspense(<Greeting name="Ada" />));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    loads[0]?.resolve(module);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('renders at once, without its fallback, once preloaded', async () => {
    const { load, loads } = deferredLoad();
    const Greeting = preloadable(load, (loaded) => loaded.Greeting);
    const preloaded = Greeting.preload();
    expect(Greeting.loaded()).toBeUndefined();
    loads[0]?.resolve(module);
    await preloaded;
    expect(Greeting.loaded()).toBe(module);
    render(inSuspense(<Greeting name="Ada" />));
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(loads).toHaveLength(1);
  });

  it('loads once however often it is preloaded, and tries again after a failure', async () => {
    const { load, loads } = deferredLoad();
    const Greeting = preloadable(load, (loaded) => loaded.Greeting);
    const first = Greeting.preload();
    expect(Greeting.preload()).toBe(first);
    loads[0]?.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    const second = Greeting.preload();
    expect(loads).toHaveLength(2);
    loads[1]?.resolve(module);
    await expect(second).resolves.toBe(module);
  });
});
