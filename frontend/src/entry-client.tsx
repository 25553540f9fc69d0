import './styles/global.css';

/** A new task: the browser may paint or handle input between the work before and after (docs/architecture.md §3.2). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The page's JavaScript runs in short tasks, none long enough to delay a tap (docs/architecture.md §3.2): the import
 * below evaluates the renderer, the router and the site's code in a task of its own; reading the page's data and
 * hydrating come in the next.
 */
async function start(): Promise<void> {
  const { hydratePage } = await import('./app/hydrate');
  await nextTask();
  await hydratePage();
}

void start();
