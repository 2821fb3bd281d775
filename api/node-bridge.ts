/**
 * Runs @astrojs/node's request handler (Node's (req, res, next) shape) for a web Request and
 * returns its answer as a web Response, streaming. It gives the handler exactly what Astro's
 * node helpers read from `req` (method, url, headers, socket, body) and implements what they call
 * on `res` (writeHead, write, end, headers, events), so Bun.serve can stay the one front door.
 */
import { EventEmitter } from 'node:events';

export type NodeHandler = (req: unknown, res: unknown, next: (err?: unknown) => void) => void | Promise<void>;

class FakeSocket extends EventEmitter {
  readonly encrypted = false;
  destroyed = false;
  constructor(readonly remoteAddress: string) {
    super();
  }
}

class FakeRequest extends EventEmitter {
  readonly socket: FakeSocket;
  body?: Uint8Array;
  constructor(
    readonly method: string,
    public url: string,
    readonly headers: Record<string, string>,
    remoteAddress: string,
  ) {
    super();
    this.socket = new FakeSocket(remoteAddress);
  }
}

function toHeaders(raw: Record<string, string | number | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else headers.set(k, String(v));
  }
  return headers;
}

class FakeResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  writableEnded = false;
  private readonly pending: Record<string, string | number | string[]> = {};
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly stream: ReadableStream<Uint8Array>;

  constructor(
    readonly req: FakeRequest,
    private readonly deliver: (r: Response) => void,
  ) {
    super();
    this.stream = new ReadableStream({ start: (c) => void (this.controller = c) });
  }
  setHeader(name: string, value: string | number | string[]) {
    this.pending[name.toLowerCase()] = value;
    return this;
  }
  getHeader(name: string) {
    return this.pending[name.toLowerCase()];
  }
  getHeaders() {
    return { ...this.pending };
  }
  getHeaderNames() {
    return Object.keys(this.pending);
  }
  hasHeader(name: string) {
    return name.toLowerCase() in this.pending;
  }
  removeHeader(name: string) {
    delete this.pending[name.toLowerCase()];
  }
  writeHead(status: number, a?: unknown, b?: unknown) {
    if (this.headersSent) return this;
    const extra = (typeof a === 'object' && a ? a : typeof b === 'object' && b ? b : {}) as Record<string, string | string[]>;
    if (typeof a === 'string') this.statusMessage = a;
    this.statusCode = status;
    for (const [k, v] of Object.entries(extra)) this.pending[k.toLowerCase()] = v;
    this.headersSent = true;
    const body = this.req.method === 'HEAD' || status === 204 || status === 304 ? null : this.stream;
    this.deliver(new Response(body, { status, statusText: this.statusMessage || undefined, headers: toHeaders(this.pending) }));
    return this;
  }
  write(chunk: string | Uint8Array, encoding?: unknown, cb?: () => void) {
    if (!this.headersSent) this.writeHead(this.statusCode);
    if (chunk !== undefined && chunk !== null) {
      this.controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk));
    }
    const done = typeof encoding === 'function' ? (encoding as () => void) : cb;
    done?.();
    return true;
  }
  end(chunk?: string | Uint8Array | (() => void)) {
    if (typeof chunk === 'function') chunk = undefined;
    if (!this.headersSent) this.writeHead(this.statusCode);
    if (chunk) this.write(chunk);
    if (!this.writableEnded) {
      this.writableEnded = true;
      try {
        this.controller.close();
      } catch {}
      this.emit('finish');
      this.emit('close');
    }
    return this;
  }
  destroy(err?: unknown) {
    try {
      this.controller.error(err ?? new Error('aborted'));
    } catch {}
    this.emit('close');
    return this;
  }
}

/** Resolves with the handler's Response, or null when it passed the request on (`next()`). */
export async function callNodeHandler(handler: NodeHandler, request: Request, pathAndQuery: string, clientIp: string): Promise<Response | null> {
  const headers: Record<string, string> = {};
  request.headers.forEach((v, k) => {
    headers[k] = v;
  });
  const req = new FakeRequest(request.method, pathAndQuery, headers, clientIp);
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body) {
    const buf = new Uint8Array(await request.arrayBuffer());
    if (buf.byteLength > 0) req.body = buf;
  }
  return new Promise<Response | null>((resolve, reject) => {
    const res = new FakeResponse(req, resolve);
    Promise.resolve(
      handler(req, res, (err) => {
        if (err) reject(err);
        else resolve(null);
      }),
    ).catch(reject);
  });
}
