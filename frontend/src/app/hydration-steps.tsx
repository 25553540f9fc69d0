import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { noteEarlyInput } from '../components/forms/typed-early';

/**
 * Hydration in steps (docs/architecture.md §3.2): the header, the page and the footer come to life each in a task of
 * its own, so that no single task of hydration is long enough to delay a tap. React's API for that is a Suspense
 * boundary around a lazy component: while hydrating, a lazy part that has not loaded keeps its prerendered markup on
 * screen and is hydrated once it has (Preact's compat does the same, §9.17). Here the "load" is a wait for the next task.
 *
 * Only a prerendered page being hydrated steps (app/hydrate.tsx switches it on); the prerender, the dev server and
 * the unit tests render every part at once. The choice is made once per page load, so a part never changes its
 * component type (which would remount it) when the page renders again later.
 */
let stepping = false;
let pendingSteps = 0;
let onHydrated: () => void = () => {};

/** Switches steps on, just before hydrating a prerendered page; `hydrated` runs once every step has hydrated. */
export function hydrateInSteps(hydrated: () => void): void {
  stepping = true;
  onHydrated = hydrated;
}

/** Called after the first render: with no step pending, the page is hydrated already. */
export function firstStepDone(): void {
  if (pendingSteps === 0) onHydrated();
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * `Component`, hydrated in a task after the one that hydrates its parent. It must render one element: the markup kept
 * while it waits is the first element at its place. What was typed or chosen in the page's fields meanwhile is noted
 * just before.
 */
export function inLaterTask<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function Hydrated(props: Props) {
    // Effects run children first: this one comes after those of everything inside. A part mounted again later (a
    // crash screen reset) counts nothing.
    useEffect(() => {
      if (pendingSteps > 0 && --pendingSteps === 0) onHydrated();
    }, []);
    return <Component {...props} />;
  }
  const Later = lazy(() => {
    pendingSteps += 1;
    return nextTask().then(() => {
      noteEarlyInput(document.body);
      return { default: Hydrated };
    });
  });
  function LaterTask(props: Props) {
    if (!stepping) return <Component {...props} />;
    return (
      <Suspense fallback={null}>
        <Later {...props} />
      </Suspense>
    );
  }
  return LaterTask;
}
