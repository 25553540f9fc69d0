import './styles/global.css';

/** A new task: the browser may paint or handle input between the work before and after (docs/architecture.md §3.2). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The page's JavaScript runs in short tasks, none long enough to delay a tap (docs/architecture.md §3.2). This module
 * is evaluated together with the renderer, the router and the site's code: the build's `site` chunk, which it imports
 * for Vite's preload helper. The import below then evaluates only the small hydration module; reading the page's data
 * and hydrating come in a task after that.
 */
async function start(): Promise<void> {
  const { hydratePage } = await import('./app/hydrate');
  await nextTask();
  await hydratePage();
}

void start();
