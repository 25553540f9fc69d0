import './styles/global.css';

/** A new task: the browser may paint or handle input between the work before and after (docs/architecture.md §3.2). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The page's JavaScript runs in short tasks, none long enough to delay a tap (docs/architecture.md §3.2): each import
 * below evaluates its modules in a task of its own. React's DOM renderer, about three quarters of the home page's
 * first-load code, comes first; the hydration module, which imports it too, then finds it evaluated and evaluates only
 * the router and the site's own code. Reading the page's data and hydrating start in a further task.
 */
async function start(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  const { hydratePage } = await import('./app/hydrate');
  await nextTask();
  await hydratePage();
}

void start();
