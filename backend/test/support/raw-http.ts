import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * One request exactly as given, on a fresh connection: the path is sent as is (fetch would normalise it) and a
 * body may go with any method, GET and HEAD included (as JSON unless `headers` say otherwise).
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const bodyHeaders =
    body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: hostname, port, method, path, agent: false, headers: { ...bodyHeaders, ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
