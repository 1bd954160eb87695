import crypto from 'node:crypto';
import http, { type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';

/** What Node's HTTP parser refused (`err.code`), as the error body any other response carries. */
function parserError(code: string | undefined): AppError {
  if (code === 'HPE_HEADER_OVERFLOW')
    return new AppError(
      431,
      'request_headers_too_large',
      `The request line and headers exceed ${http.maxHeaderSize} bytes. Send fewer or shorter headers.`,
    );
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new AppError(408, 'request_timeout', 'The request did not arrive in time. Send it again.');
  return new AppError(400, 'bad_request', 'The request is not valid HTTP/1.1.');
}

/** Whether a response already started on this connection (the guard Node's own handler uses). */
function responseStarted(socket: Duplex): boolean {
  return (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
}

/**
 * Answers a request Node's parser refused before Koa saw it (oversized headers, malformed
 * HTTP, a timeout) with the JSON error body and a request id, instead of Node's empty reply,
 * logs it like any request, and closes the connection.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex, logger: Logger): void {
  // A reset or closed socket cannot be answered; nor can one whose response already began.
  if (err.code === 'ECONNRESET' || !socket.writable || responseStarted(socket)) {
    socket.destroy();
    return;
  }
  const error = parserError(err.code);
  const requestId = crypto.randomUUID();
  const body = JSON.stringify(error.toBody());
  const head = [
    `HTTP/1.1 ${error.status} ${http.STATUS_CODES[error.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
  logger.info({ request_id: requestId, status: error.status, error: error.code, parser_error: err.code }, 'request refused');
}

/**
 * Answers a request whose `Expect` header is not `100-continue` (the only expectation HTTP/1.1
 * defines) with the JSON 417 every other refusal carries, instead of Node's empty one. Its body is
 * left unread, so the connection is closed.
 */
function answerExpectation(req: http.IncomingMessage, res: http.ServerResponse, logger: Logger): void {
  const error = new AppError(
    417,
    'expectation_failed',
    `The Expect header "${String(req.headers.expect).slice(0, 100)}" cannot be met: only 100-continue is supported. Send the request without it.`,
  );
  const requestId = crypto.randomUUID();
  const body = JSON.stringify(error.toBody());
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Request-Id': requestId,
    Connection: 'close',
  });
  res.end(body);
  logger.info({ request_id: requestId, method: req.method, status: error.status, error: error.code }, 'request refused');
}

/**
 * Creates the HTTP server for the app and listens; resolves once it is bound. Used by
 * `main.ts` and the tests alike, so both answer malformed requests the same way.
 *
 * A request must arrive whole (line, headers and body) within `requestTimeoutMs`, or it gets a
 * JSON 408 and its connection is closed: a client that stops sending half-way no longer holds a
 * connection and a route's wait for five minutes (Node's default). Node checks the deadlines
 * every `connectionsCheckingInterval`, so a 408 comes up to a tenth of the limit late (at most 5 s).
 * Responses are not limited: event streams and long searches answer requests already received.
 */
export async function listen(app: Koa, port: number, host: string, logger: Logger, requestTimeoutMs: number): Promise<Server> {
  const server = http.createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(requestTimeoutMs / 10))),
    },
    app.callback(),
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => answerClientError(err, socket, logger));
  server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => answerExpectation(req, res, logger));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
