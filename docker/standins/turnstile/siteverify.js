// Cloudflare Turnstile's siteverify API (POST, form or JSON body with secret, response, remoteip) for the documented
// always-pass test secret: the dummy token its test site keys hand the browser passes, with an answer tied to no
// real site or widget ({success, challenge_ts, hostname: "example.com", error-codes, action, cdata}); anything else
// fails as Cloudflare answers it.
const http = require('node:http');
const ALWAYS_PASS_SECRET = '1x0000000000000000000000000000000AA';
const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

http
  .createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      response.setHeader('Content-Type', 'application/json');
      if (request.url === '/livez') return response.end('{"ok":true}');
      if (request.method !== 'POST' || request.url !== '/turnstile/v0/siteverify') {
        response.statusCode = 404;
        return response.end('{}');
      }
      const params = (request.headers['content-type'] || '').includes('json')
        ? JSON.parse(body || '{}')
        : Object.fromEntries(new URLSearchParams(body));
      const errors =
        params.secret !== ALWAYS_PASS_SECRET
          ? ['invalid-input-secret']
          : params.response !== DUMMY_TOKEN
            ? ['invalid-input-response']
            : [];
      response.end(
        JSON.stringify(
          errors.length > 0
            ? { success: false, 'error-codes': errors }
            : {
                success: true,
                challenge_ts: new Date().toISOString(),
                hostname: 'example.com',
                'error-codes': [],
                action: '',
                cdata: '',
                metadata: { result_with_testing_key: true },
              },
        ),
      );
    });
  })
  .listen(8080, '0.0.0.0');
