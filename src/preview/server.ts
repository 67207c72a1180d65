/**
 * The preview's web server: on 127.0.0.1 only, four routes, GET only.
 *
 *   /            the page, its content in place
 *   /preview.js  the page's script
 *   /content     what changes on a save (JSON: version, summary, problems, cards)
 *   /events      server-sent events: the current version at once, then each new one
 *
 * Anything else is 404: no file is ever served from disk. A request naming
 * another host (a web page's DNS-rebinding trick to read the cards from a
 * browser) is refused with 421.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the server shows; asked at each request, so it is always the latest. */
export interface PreviewSource {
  readonly version: () => number;
  readonly page: () => string;
  /** The /content body (JSON). */
  readonly content: () => string;
  readonly script: string;
}

export interface PreviewServer {
  readonly port: number;
  /** `http://127.0.0.1:PORT/` */
  readonly url: string;
  /** Tells every open page the current version (they fetch /content if it is new to them). */
  readonly publish: () => void;
  /** Ends the event streams and the open connections, then stops listening. */
  readonly close: () => Promise<void>;
}

export const host = "127.0.0.1";

const common = { "cache-control": "no-store", "x-content-type-options": "nosniff", "referrer-policy": "no-referrer" } as const;

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...common, ...headers, "content-type": type, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function event(version: number): string {
  return `event: version\ndata: ${version}\n\n`;
}

/**
 * The Host headers the server answers on `port`: 127.0.0.1 and localhost with the port, and
 * without it on port 80, where browsers and curl leave the default port out of the header.
 */
export function servedHosts(port: number): ReadonlySet<string> {
  const names = [host, "localhost"];
  return new Set([...names.map((name) => `${name}:${port}`), ...(port === 80 ? names : [])]);
}

/**
 * Starts the server on `port` of 127.0.0.1 (0: a free one). Rejects with the
 * system error when the port cannot be had (EADDRINUSE, EACCES).
 */
export function startPreviewServer(port: number, source: PreviewSource, csp: string): Promise<PreviewServer> {
  const streams = new Set<ServerResponse>();
  let bound = port;
  const hosts = (): ReadonlySet<string> => servedHosts(bound);

  const routes: Readonly<Record<string, (res: ServerResponse) => void>> = {
    "/": (res) => send(res, 200, "text/html; charset=utf-8", source.page(), { "content-security-policy": csp }),
    "/preview.js": (res) => send(res, 200, "text/javascript; charset=utf-8", source.script),
    "/content": (res) => send(res, 200, "application/json; charset=utf-8", source.content()),
    "/events": (res) => {
      res.writeHead(200, { ...common, "content-type": "text/event-stream; charset=utf-8", connection: "keep-alive" });
      // A page whose server went away tries again every second (the browser's EventSource does the retrying).
      res.write(`retry: 1000\n\n${event(source.version())}`);
      streams.add(res);
      res.on("close", () => streams.delete(res));
    },
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    if (!hosts().has((req.headers.host ?? "").toLowerCase())) return send(res, 421, "text/plain; charset=utf-8", "this server answers only to 127.0.0.1\n");
    const path = new URL(req.url ?? "/", `http://${host}`).pathname;
    const route = req.method === "GET" && Object.hasOwn(routes, path) ? routes[path] : undefined;
    if (route === undefined) return send(res, 404, "text/plain; charset=utf-8", "not found\n");
    route(res);
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      // A page that cannot be made (a bug) is a 500 for this request, never the end of the server.
      if (!res.headersSent) send(res, 500, "text/plain; charset=utf-8", `state51 preview: ${(error as Error).message}\n`);
      else res.destroy();
    }
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      bound = (server.address() as AddressInfo).port;
      resolve({
        port: bound,
        url: `http://${host}:${bound}/`,
        publish: () => {
          for (const res of streams) res.write(event(source.version()));
        },
        close: () =>
          new Promise<void>((done) => {
            for (const res of streams) res.end();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
