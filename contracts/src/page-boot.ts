/**
 * docs/architecture.md §3.2: a prerendered page paints before any of its JavaScript is fetched. The page is complete
 * without scripts; this inline script, the only one the site has, waits for the first frame to be painted, then
 * preloads the page's modules and imports the entry, which hydrates. Its list of modules (the entry first, then the
 * page's own chunks) is a JSON data island with the id PAGE_MODULES_ID, so that this text never changes and the
 * Content-Security-Policy allows it by its hash (backend/src/app.factory.ts) instead of allowing inline scripts.
 *
 * requestAnimationFrame runs just before a frame is painted, and a timeout set there runs after it. A tab opened in
 * the background paints no frame until it is shown, so a timeout of its own starts the page there after a second.
 */
export const PAGE_MODULES_ID = 'page-modules';
export const PAGE_BOOT_SCRIPT =
  '(function(){var started=false;function start(){if(started)return;started=true;' +
  `var modules=JSON.parse(document.getElementById("${PAGE_MODULES_ID}").textContent);` +
  'for(var i=1;i<modules.length;i++){var link=document.createElement("link");link.rel="modulepreload";' +
  'link.href=modules[i];document.head.appendChild(link)}import(modules[0])}' +
  'requestAnimationFrame(function(){setTimeout(start)});setTimeout(start,1000)})()';
