/**
 * docs/architecture.md §3.2: a prerendered page paints before any of its JavaScript is fetched. The page is complete
 * without scripts; this inline script, the only one the site has, waits for the first frame to be painted, then
 * preloads the page's modules and imports the entry, which hydrates. Its list of modules (the entry first, then the
 * page's own chunks) is a JSON data island with the id PAGE_MODULES_ID, so that this text never changes and the
 * Content-Security-Policy allows it by its hash (backend/src/app.factory.ts) instead of allowing inline scripts.
 *
 * The first paint is known from the browser's own report of it: a PerformanceObserver for "paint" entries hears of
 * "first-contentful-paint" once that frame has been presented, and the scripts start in the next task. (Waiting for
 * requestAnimationFrame and a timeout set there is not the same: the timeout can run before the frame reaches the
 * screen, and a script requested then counts toward the largest paint in Lighthouse's model, docs/benchmarks.md §2.4.)
 * A browser without paint entries starts after the next frame that way. A tab opened in the background paints no frame
 * until it is shown, so a timeout of its own starts the page there after a second.
 */
export const PAGE_MODULES_ID = 'page-modules';
export const PAGE_BOOT_SCRIPT =
  '(function(){var started=false;function start(){if(started)return;started=true;' +
  `var modules=JSON.parse(document.getElementById("${PAGE_MODULES_ID}").textContent);` +
  'for(var i=1;i<modules.length;i++){var link=document.createElement("link");link.rel="modulepreload";' +
  'link.href=modules[i];document.head.appendChild(link)}import(modules[0])}' +
  'function later(){setTimeout(start)}' +
  'try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)throw 0;' +
  'new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length)later()})' +
  '.observe({type:"paint",buffered:true})}catch(e){requestAnimationFrame(later)}' +
  'setTimeout(start,1000)})()';
