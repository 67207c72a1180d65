/**
 * `state51 preview [paths...] [--port N]`: a web page on 127.0.0.1 with every
 * card as it prints, English beside French, the set's diagnostics and a
 * filter; it follows the card files, validating again on each save and
 * telling the page over server-sent events. Loaded only by this command (a
 * lazy chunk), so `validate` never pays for the server or the watcher.
 */
import { jsonText } from "../text/escape.js";
import { validatePaths } from "../pipeline/validate.js";
import { pageContent, pageCsp, previewPage } from "../preview/page.js";
import { previewScript } from "../preview/script.js";
import { host, startPreviewServer } from "../preview/server.js";
import { nextView, type View } from "../preview/view.js";
import { watchCardFiles } from "../preview/watch.js";
import { errorLine } from "./error-line.js";
import { UsageError } from "./usage-error.js";

export interface PreviewOptions {
  /** As typed. */
  readonly port?: string;
}

export interface CheckedPreview {
  /** 0: a free one, picked by the system. */
  readonly port: number;
}

export function checkPreview(opts: PreviewOptions): CheckedPreview {
  if (opts.port === undefined) return { port: 0 };
  const n = /^\d{1,5}$/.test(opts.port.trim()) ? Number(opts.port) : NaN;
  if (!(n >= 1 && n <= 65535)) throw new UsageError(`--port must be a whole number from 1 to 65535, not "${opts.port}"\n  hint: leave --port out to use a free port`);
  return { port: n };
}

/** What stops the preview (Ctrl-C, or a kill): resolves once either arrives. */
function stopSignal(): Promise<void> {
  return new Promise((done) => {
    const stop = (): void => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      done();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** Runs the preview until Ctrl-C; 0 then, 1 when the port cannot be had. */
export async function runPreview(paths: readonly string[], checked: CheckedPreview, write: (s: string) => void, writeError: (s: string) => void): Promise<number> {
  let view: View = nextView(undefined, validatePaths(paths));
  let version = 1;
  let shown = jsonText(pageContent(view));
  const source = {
    version: () => version,
    page: () => previewPage(view, version),
    content: () => jsonText({ version, ...pageContent(view) }),
    script: previewScript,
  };

  let server;
  try {
    server = await startPreviewServer(checked.port, source, pageCsp);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    writeError(
      errorLine(
        "preview",
        code === "EADDRINUSE"
          ? `port ${checked.port} is in use on ${host} (name another with --port, or leave --port out to use a free one)`
          : code === "EACCES"
            ? `cannot listen on ${host}:${checked.port}: permission denied (ports below 1024 need root; leave --port out to use a free one)`
            : `cannot listen on ${host}:${checked.port}: ${(error as Error).message}`,
      ),
    );
    return 1;
  }

  const revalidate = (): void => {
    try {
      view = nextView(view, validatePaths(paths));
    } catch (error) {
      // A file caught half-written is a diagnostic, not an exception; anything else is reported and the page keeps what it shows.
      writeError(errorLine("preview", `could not check the cards again: ${(error as Error).message}`));
      return;
    }
    const content = pageContent(view);
    const now = jsonText(content);
    if (now === shown) return;
    shown = now;
    version++;
    server.publish();
    write(`${content.summary}\n`);
  };
  const watching = await watchCardFiles(paths, process.cwd(), revalidate, (error) =>
    writeError(errorLine("preview", `watching the card files: ${error.message}`)),
  );

  write(`state51 preview: ${server.url} (Ctrl-C to stop)\n${pageContent(view).summary}\n`);
  await stopSignal();
  await Promise.all([watching.close(), server.close()]);
  return 0;
}
