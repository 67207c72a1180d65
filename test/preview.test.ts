/// <reference lib="dom" />
/**
 * `state51 preview`: the page builder (escaping, stale cards), the server
 * (127.0.0.1 only, its own routes only), the watcher (a burst of saves is one
 * refresh), the command's errors, and the whole thing in headless Chromium:
 * the page shows the cards, follows a rename within 2 s without a reload, and
 * shows a broken card's diagnostic while keeping its last valid drawing.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Diagnostic } from "../src/diagnostics/diagnostic.js";
import { chromiumMissingMessage, findChromium } from "../src/print/chromium.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { pageContent, previewPage } from "../src/preview/page.js";
import { startPreviewServer, type PreviewServer, servedHosts } from "../src/preview/server.js";
import { nextView } from "../src/preview/view.js";
import { watchCardFiles } from "../src/preview/watch.js";
import { locationYaml, repoRoot, runCli } from "./helpers.js";

const cli = join(repoRoot, "dist/state51.cjs");

/** A copy of the base set's card files (not the examples) in a fresh folder. */
function copyOfBaseSet(): string {
  const dir = mkdtempSync(join(tmpdir(), "state51-preview-"));
  for (const f of readdirSync(join(repoRoot, "cards"))) if (f.endsWith(".yaml")) copyFileSync(join(repoRoot, "cards", f), join(dir, f));
  return dir;
}

function tempFile(name: string, text: string): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "state51-preview-"));
  writeFileSync(join(dir, name), text);
  return { dir, file: join(dir, name) };
}

describe("the preview page (HTML builder)", () => {
  it("escapes every designer string: card names, ids in attributes, diagnostics' messages and code frames", () => {
    const { dir } = tempFile("evil.yaml", locationYaml({ name: `{ en: "<img src=x onerror=alert(1)>", fr: "\\"><script>alert(2)</script>" }` }));
    const result = validatePaths([dir], { cwd: dir });
    expect(result.cards.map((c) => c.id)).toEqual(["test-card"]);
    const evil: Diagnostic = {
      file: "evil.yaml",
      line: 5,
      column: 5,
      endLine: 5,
      endColumn: 9,
      code: "S51-E301",
      severity: "error",
      message: 'unknown resource or token "<b>x</b>"',
      hint: "did you mean \"</pre><script>alert(3)</script>\"?",
    };
    const view = { ...nextView(undefined, result), diagnostics: [evil] };
    const html = previewPage(view, 1);
    expect(html).not.toMatch(/<img|<script>alert|<b>x<\/b>|<\/pre><script>/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(html).toContain("evil.yaml:5:5: error S51-E301: unknown resource or token &quot;&lt;b&gt;x&lt;/b&gt;&quot;");
    expect(html).toContain("hint: did you mean &quot;&lt;/pre&gt;&lt;script&gt;alert(3)&lt;/script&gt;&quot;?");
    // The code frame shows the file's line 5 (escaped too) under the message.
    expect(html).toMatch(/ {3}5 \| {5}name: \{ en: &quot;&lt;img/);
    // Only the page's own script runs: no inline script, and the policy forbids any.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/preview.js" defer>']);
    expect(html).toContain("script-src 'self'");
    expect(html).toContain("default-src 'none'");
  });

  it("draws each card twice, English then French, with what the filter searches (folded) and its kind", () => {
    const view = nextView(undefined, validatePaths([]));
    const scrapyard = view.entries.find((e) => e.id === "scrapyard")!;
    expect(scrapyard.en).toContain(">Scrapyard</h2>");
    expect(scrapyard.fr).toContain(">Décharge</h2>");
    expect(scrapyard.search).toContain("decharge");
    const { cards } = pageContent(view);
    expect(cards.match(/<figure class="entry"/g)).toHaveLength(110);
    expect(cards).toMatch(/<figure class="entry" data-id="scrapyard" data-kind="location" data-search="[^"]*"><figcaption>/);
  });

  it("keeps a broken card's last valid drawing, marked stale, only while its file has errors", () => {
    const good = tempFile("cards.yaml", locationYaml());
    const first = nextView(undefined, validatePaths([good.dir], { cwd: good.dir }));
    expect(first.entries.map((e) => [e.id, e.stale])).toEqual([["test-card", false]]);
    writeFileSync(good.file, locationYaml({ ability: "produce 1 scarp" }));
    const broken = nextView(first, validatePaths([good.dir], { cwd: good.dir }));
    expect(broken.entries.map((e) => [e.id, e.stale])).toEqual([["test-card", true]]);
    expect(broken.entries[0]!.en).toBe(first.entries[0]!.en);
    expect(pageContent(broken).summary).toMatch(/1 error.*; 1 card not valid now, shown as last valid$/);
    // Renamed in a valid file: the old id goes, the new one shows.
    writeFileSync(good.file, locationYaml({ id: "renamed-card" }));
    const renamed = nextView(broken, validatePaths([good.dir], { cwd: good.dir }));
    expect(renamed.entries.map((e) => [e.id, e.stale])).toEqual([["renamed-card", false]]);
  });
});

/** GET (or another method) on the server, with a chosen Host header. */
function ask(port: number, path: string, options: { method?: string; host?: string; address?: string } = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: options.address ?? "127.0.0.1", port, path, method: options.method ?? "GET", headers: { host: options.host ?? `127.0.0.1:${port}` } }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on("error", reject).end();
  });
}

describe("the preview server", () => {
  let server: PreviewServer;
  beforeAll(async () => {
    server = await startPreviewServer(0, { version: () => 1, page: () => "<p>page</p>", content: () => '{"version":1}', script: "/* js */" }, "default-src 'none'");
  });
  afterAll(() => server.close());

  it("listens on 127.0.0.1 only, on a free port", async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    expect(server.port).toBeGreaterThan(0);
    // Any other address of the machine (127.0.0.2 is this machine's too, on Linux) is refused.
    await expect(ask(server.port, "/", { address: "127.0.0.2" })).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("answers GET of its own routes, with its policy on the page", async () => {
    const page = await ask(server.port, "/");
    expect([page.status, page.body, page.headers["content-security-policy"]]).toEqual([200, "<p>page</p>", "default-src 'none'"]);
    expect((await ask(server.port, "/preview.js")).body).toBe("/* js */");
    expect((await ask(server.port, "/content?x=1")).body).toBe('{"version":1}');
  });

  it("is 404 for any other path or method, never a file from disk; 421 for another host", async () => {
    for (const path of ["/nope", "/cards/locations.yaml", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/index.html", "//etc/passwd"]) {
      expect([path, (await ask(server.port, path)).status]).toEqual([path, 404]);
    }
    for (const method of ["POST", "PUT", "DELETE", "HEAD"]) expect([method, (await ask(server.port, "/", { method })).status]).toEqual([method, 404]);
    expect((await ask(server.port, "/", { host: "evil.example" })).status).toBe(421);
    expect((await ask(server.port, "/", { host: `localhost:${server.port}` })).status).toBe(200);
    // Without the port only where it is the default one, which clients leave out of the header.
    expect((await ask(server.port, "/", { host: "localhost" })).status).toBe(421);
  });

  it("answers a Host header without the port on port 80, where clients leave the default port out", () => {
    expect([...servedHosts(80)].sort()).toEqual(["127.0.0.1", "127.0.0.1:80", "localhost", "localhost:80"]);
    expect([...servedHosts(8080)].sort()).toEqual(["127.0.0.1:8080", "localhost:8080"]);
  });

  it("sends the version at once on /events, then each one published; close() ends the streams", async () => {
    let version = 1;
    const events = await startPreviewServer(0, { version: () => version, page: () => "", content: () => "", script: "" }, "");
    const received: string[] = [];
    const seen = (n: number): Promise<void> =>
      new Promise((resolve) => {
        const check = setInterval(() => {
          if (received.join("").split("event: version").length - 1 >= n) resolve(clearInterval(check));
        }, 10);
      });
    const ended = new Promise<void>((resolve) =>
      request({ host: "127.0.0.1", port: events.port, path: "/events", headers: { host: `127.0.0.1:${events.port}` } }, (res) => {
        expect(res.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
        res.setEncoding("utf8").on("data", (c: string) => received.push(c));
        res.on("end", resolve);
      }).end(),
    );
    await seen(1);
    version = 2;
    events.publish();
    await seen(2);
    expect(received.join("")).toBe("retry: 1000\n\nevent: version\ndata: 1\n\nevent: version\ndata: 2\n\n");
    await events.close();
    await ended;
  });
});

describe("watching the card files", () => {
  it("makes one call of a burst of saves, and one more for a new card file in the folder", async () => {
    const { dir, file } = tempFile("cards.yaml", locationYaml());
    writeFileSync(join(dir, "notes.txt"), "");
    let calls = 0;
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const watching = await watchCardFiles([dir], dir, () => calls++, (e) => { throw e; }, 300);
    try {
      // Five saves 20 ms apart (each one seen by the watcher on its own): one call, 300 ms after the last.
      for (let i = 0; i < 5; i++) {
        writeFileSync(file, locationYaml({ distance: String((i % 3) + 1) }));
        await pause(20);
      }
      await pause(900);
      expect(calls).toBe(1);
      writeFileSync(join(dir, "notes.txt"), "not a card file");
      await pause(600);
      expect(calls).toBe(1);
      writeFileSync(join(dir, "more.yml"), locationYaml({ id: "more" }));
      await pause(900);
      expect(calls).toBe(2);
    } finally {
      await watching.close();
    }
  });
});

describe("watching a card file named outright", () => {
  it("follows it through saves that write a new file and rename it over the old one (vim, JetBrains, Sublime)", async () => {
    const { dir, file } = tempFile("mine.yaml", locationYaml());
    writeFileSync(join(dir, "other.yaml"), locationYaml({ id: "other" }));
    let calls = 0;
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const watching = await watchCardFiles([file], dir, () => calls++, (e) => { throw e; }, 100);
    try {
      for (let i = 1; i <= 3; i++) {
        writeFileSync(join(dir, ".mine.yaml.swp"), locationYaml({ distance: String(i) }));
        renameSync(join(dir, ".mine.yaml.swp"), file);
        await pause(700);
        expect(calls, `save ${i}`).toBe(i);
      }
      // A card file beside it that was not named is not followed.
      writeFileSync(join(dir, "other.yaml"), locationYaml({ id: "other", distance: "2" }));
      await pause(500);
      expect(calls).toBe(3);
    } finally {
      await watching.close();
    }
  });
});

describe("state51 preview: usage", () => {
  it("an invalid port is a usage error (exit 2), one line", () => {
    for (const port of ["abc", "0", "65536"]) {
      const r = runCli(["preview", "--port", port]);
      expect([port, r.status]).toEqual([port, 2]);
      expect(r.stderr).toMatch(/^state51: error: --port must be a whole number from 1 to 65535, not ".*"\n {2}hint: leave --port out to use a free port\n$/);
    }
  });

  it("a port in use is one line and exit 1", async () => {
    const taken = createNetServer().listen(0, "127.0.0.1");
    await new Promise((r) => taken.once("listening", r));
    const port = (taken.address() as AddressInfo).port;
    try {
      const r = runCli(["preview", "--port", String(port)]);
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(`state51 preview: error: port ${port} is in use on 127.0.0.1 (name another with --port, or leave --port out to use a free one)\n`);
      expect(r.stdout).toBe("");
    } finally {
      taken.close();
    }
  });

  it("--help explains, with examples", () => {
    const r = runCli(["preview", "--help"]);
    expect(r.status).toBe(0);
    for (const s of ["--port", "127.0.0.1", "English", "French", "filter", "state51 preview cards/ my-expansion.yaml", "Ctrl-C", "Exit status"]) expect(r.stdout).toContain(s);
  });
});

/** Starts `state51 preview` on `dir`, resolving with the page's address once it is printed. */
function startPreview(dir: string): Promise<{ child: ChildProcessWithoutNullStreams; url: string; output: () => string }> {
  const child = spawn(process.execPath, [cli, "preview", dir], { cwd: dir });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => (out += c));
  child.stderr.setEncoding("utf8").on("data", (c: string) => (err += c));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed in 15 s: ${out}${err}`)), 15_000);
    child.on("exit", (code) => reject(new Error(`preview exited with ${code}: ${out}${err}`)));
    child.stdout.on("data", () => {
      const url = /^state51 preview: (http:\/\/127\.0\.0\.1:\d+\/) \(Ctrl-C to stop\)$/m.exec(out)?.[1];
      if (url !== undefined) resolve((clearTimeout(timer), { child, url, output: () => out + err }));
    });
  });
}

describe("state51 preview in headless Chromium", () => {
  it("shows the cards, filters them, follows a rename within 2 s without a reload, and shows a broken card's diagnostic; Ctrl-C stops it (exit 0)", async () => {
    const executablePath = findChromium();
    if (executablePath === undefined) throw new Error(`the preview test needs headless Chromium: ${chromiumMissingMessage()}`);
    const dir = copyOfBaseSet();
    const { child, url, output } = await startPreview(dir);
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const browser = await puppeteer.launch({ executablePath, args: ["--no-sandbox"], headless: true });
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      await page.goto(url);
      await page.waitForFunction(() => document.getElementById("live")?.textContent === "live", { timeout: 5000 });
      const names = (id: string) =>
        page.$$eval(`.entry[data-id="${id}"] .side`, (sides) => sides.map((s) => [s.getAttribute("lang"), s.querySelector(".name")?.textContent]));
      expect(await page.$$eval("#cards .entry", (e) => e.length)).toBe(110);
      expect(await page.$$eval("#cards .entry .card", (e) => e.length)).toBe(220);
      expect(await names("scrapyard")).toEqual([["en", "Scrapyard"], ["fr", "Décharge"]]);
      expect(await page.$eval("#summary", (e) => e.textContent)).toBe("110 cards valid (4 base, 26 contact, 8 leader, 72 location); no problems");

      // The filter: a French name without its accent, then a kind left out.
      const visible = () => page.$$eval("#cards .entry", (es) => es.filter((e) => !(e as HTMLElement).hidden).map((e) => e.getAttribute("data-id")));
      await page.type("#filter", "decharge");
      expect(await visible()).toEqual(["scrapyard"]);
      await page.$eval("#filter", (e) => ((e as HTMLInputElement).value = ""));
      await page.click('input[name="kind"][value="location"]');
      expect(await visible()).toHaveLength(38);
      expect(await page.$eval("#shown", (e) => e.textContent)).toBe("38 of 110 cards");
      await page.click('input[name="kind"][value="location"]');

      // A rename: the page follows within 2 s, in place (the marker set on the window survives).
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      const file = join(dir, "locations.yaml");
      const text = readFileSync(file, "utf8");
      const renamed = text.replace("name: { en: Scrapyard, fr: Décharge }", "name: { en: Junk Heap, fr: Tas de ferraille }");
      expect(renamed).not.toBe(text);
      writeFileSync(file, renamed);
      const saved = Date.now();
      await page.waitForFunction(() => document.querySelector('.entry[data-id="scrapyard"] [lang="en"] .name')?.textContent === "Junk Heap", { timeout: 2000 });
      expect(Date.now() - saved).toBeLessThan(2000);
      expect(await names("scrapyard")).toEqual([["en", "Junk Heap"], ["fr", "Tas de ferraille"]]);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

      // A misspelt resource: the diagnostic appears, as validate prints it; the card keeps its last valid drawing, marked.
      const broken = renamed.replace("    pattern: open-production\n    ability: produce 1 scrap\n", "    pattern: open-production\n    ability: produce 1 scarp\n");
      expect(broken).not.toBe(renamed);
      writeFileSync(file, broken);
      await page.waitForSelector(".diag.error", { timeout: 2000 });
      const diagnostic = await page.$eval(".diag.error", (e) => e.textContent);
      expect(diagnostic).toMatch(/^locations\.yaml:\d+:\d+: error S51-E301: unknown resource or token "scarp"\n.*ability: produce 1 scarp\n.*\^+\n {5}= hint: did you mean "scrap"\?$/s);
      expect(await page.$eval('.entry[data-id="scrapyard"]', (e) => e.className)).toBe("entry stale");
      expect(await names("scrapyard")).toEqual([["en", "Junk Heap"], ["fr", "Tas de ferraille"]]);
      expect(await page.$$eval("#cards .entry", (e) => e.length)).toBe(110);
      expect(await page.$eval("#summary", (e) => e.textContent)).toMatch(/^109 cards valid .*; 1 error, 0 warnings; 1 card not valid now, shown as last valid$/);

      // A file caught as garbage mid-save: reported, its cards kept as last valid; the server lives on, and recovers.
      writeFileSync(file, Buffer.from([0x00, 0xff, 0xfe, 0x00, 0x0a]));
      await page.waitForFunction(() => document.querySelectorAll("#cards .entry.stale").length === 72, { timeout: 2000 });
      expect(await page.$$eval("#cards .entry", (e) => e.length)).toBe(110);
      writeFileSync(file, text);
      await page.waitForFunction(() => document.getElementById("summary")?.textContent?.endsWith("; no problems"), { timeout: 2000 });
      expect(await page.$$eval("#cards .entry.stale", (e) => e.length)).toBe(0);
      expect(await names("scrapyard")).toEqual([["en", "Scrapyard"], ["fr", "Décharge"]]);
      expect(child.exitCode).toBe(null);

      // Nothing but the server's own routes was asked for.
      expect(new Set(requests.map((r) => new URL(r).pathname))).toEqual(new Set(["/", "/preview.js", "/events", "/content"]));
      expect(requests.every((r) => r.startsWith(url))).toBe(true);
    } finally {
      await browser.close();
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
    expect(output()).toMatch(/109 cards valid .*1 error/);
    expect(output()).not.toMatch(/error:|Error/);
  });
});
