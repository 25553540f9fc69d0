// Stripe's API as a Stripe account with no events answers it: `GET /v1/events` is an empty list object
// ({object: "list", data: [], has_more: false, url}), as in Stripe's API reference; every other request is the
// error object Stripe sends for an unknown path. Requests are counted at /calls so a test can see it was asked.
const http = require('node:http');

let eventListCalls = 0;

http
  .createServer((request, response) => {
    response.setHeader('Content-Type', 'application/json');
    const path = (request.url || '').split('?')[0];
    if (path === '/livez') return response.end('{"ok":true}');
    if (path === '/calls') return response.end(JSON.stringify({ eventList: eventListCalls }));
    if (request.method === 'GET' && path === '/v1/events') {
      eventListCalls += 1;
      return response.end(JSON.stringify({ object: 'list', data: [], has_more: false, url: '/v1/events' }));
    }
    response.statusCode = 404;
    response.end(
      JSON.stringify({
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path}).` },
      }),
    );
  })
  .listen(8080, '0.0.0.0');
