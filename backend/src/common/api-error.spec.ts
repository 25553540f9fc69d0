import { isDatabaseUnavailable } from './api-error';

describe('isDatabaseUnavailable: which failures answer 503 "try again" rather than 500', () => {
  it.each([
    [
      'a refused connection (code)',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a server shutting down (SQLSTATE)', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    [
      'node-postgres after its connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['node-postgres after the client closed', new Error('Client was closed and is not queryable')],
    ['node-postgres connect timeout', new Error('timeout expired')],
    ['a pool connect timeout', new Error('Connection terminated due to connection timeout')],
    [
      'Prisma: no connection for a transaction in time',
      new Error('Transaction API error: Unable to start a transaction in the given time.'),
    ],
    [
      'Prisma: the transaction closed under the query',
      new Error('Transaction already closed: A query cannot be executed on an expired transaction.'),
    ],
    ['Prisma: cannot reach the server (code)', Object.assign(new Error('x'), { code: 'P1001' })],
    ['a wrapped cause', new Error('outer', { cause: new Error('Connection terminated unexpectedly') })],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [
      'a unique violation',
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    ],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
