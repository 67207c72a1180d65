/**
 * `state51 diff REV [paths…]`, in a temporary git repository: cards added,
 * removed and changed since a commit, the behaviour change told apart from a
 * rewording or a rewriting, the word diffs in both languages, Markdown with
 * every designer string escaped, and one-line errors for a revision that does
 * not exist or a folder outside any repository.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { markdownWordDiff } from "../src/review/card-diff.js";
import { locationLines, runCli } from "./helpers.js";

function location(id: string, fields: Record<string, string> = {}): string {
  return locationLines({ id, name: `{ en: "${id} en", fr: "${id} fr" }`, ...fields });
}

const file = (...cards: string[]): string => ["set: test", "cards:", ...cards, ""].join("\n");

const git = (cwd: string, ...args: string[]): string => execFileSync("git", args, { cwd, encoding: "utf8" });

/** A repository with one commit of cards/exp.yaml: four cards. */
function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), "state51-diff-"));
  git(dir, "init", "-q");
  git(dir, "config", "user.name", "Test");
  git(dir, "config", "user.email", "test@example.com");
  mkdirSync(join(dir, "cards"));
  writeFileSync(join(dir, "cards", "exp.yaml"), file(location("alpha"), location("beta"), location("gamma", { agreement: "gain 1 weapons" }), location("delta")));
  git(dir, "add", ".");
  git(dir, "commit", "-q", "-m", "first");
  return dir;
}

describe("state51 diff", () => {
  let dir: string;
  beforeAll(() => {
    dir = repository();
    // alpha: what it does; beta: its French name only; gamma: written otherwise, the same card; delta removed; epsilon added.
    writeFileSync(
      join(dir, "cards", "exp.yaml"),
      file(
        location("alpha", { spoils: "gain 3 scrap" }),
        location("beta", { name: '{ en: "beta en", fr: "beta | *nouveau*" }' }),
        location("gamma", { agreement: "gain 1 weapon" }),
        location("epsilon"),
      ),
    );
  });

  it("lists the cards added, removed and changed since the revision, with the fields and the text word diffs", () => {
    const r = runCli(["diff", "HEAD", "cards/"], dir);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const head = git(dir, "rev-parse", "HEAD").trim().slice(0, 12);
    expect(r.stdout).toBe(
      [
        `cards changed since HEAD (${head}): 1 added, 1 removed, 3 changed (4 cards before, 4 now)`,
        "",
        "added:",
        '  + epsilon (location) "epsilon en" in cards/exp.yaml',
        "",
        "removed:",
        '  - delta (location) "delta en" from cards/exp.yaml',
        "",
        "changed:",
        '  ~ alpha (location) "alpha en": behaviour changed',
        "      spoils:",
        "        - gain 2 scrap",
        "        + gain 3 scrap",
        "      en spoils: Gain [-2-]{+3+} Scrap.",
        "      fr spoils: Gagnez [-2-]{+3+} jetons de Ferraille.",
        '  ~ beta (location) "beta en": renamed, behaviour unchanged',
        "      name.fr:",
        "        - beta fr",
        "        + beta | *nouveau*",
        '  ~ gamma (location) "gamma en": rewritten, behaviour unchanged',
        "      agreement:",
        "        - gain 1 weapons",
        "        + gain 1 weapon",
        "",
      ].join("\n"),
    );
  });

  it("writes Markdown for a pull-request comment, every designer string escaped", () => {
    const r = runCli(["diff", "HEAD", "cards/", "--format", "markdown"], dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^### Card changes since HEAD \(`[0-9a-f]{12}`\)\n\n\*\*1 added, 1 removed, 3 changed/);
    expect(r.stdout).toContain("| **epsilon en** (epsilon) | location | cards/exp.yaml |");
    expect(r.stdout).toContain("| en spoils | Gain ~~2~~ **3** Scrap. |");
    // The pipe and the stars of the new name cannot break the table or turn bold.
    expect(r.stdout).toContain("| name.fr | beta fr | beta \\| \\*nouveau\\* |");
  });

  it("marks words in Markdown with every piece escaped", () => {
    expect(markdownWordDiff("Gain 1 <b>", "Gain 2 <b>")).toBe("Gain ~~1~~ **2** \\<b\\>");
  });

  it("reports a card with errors now, lists the errors and exits 1, the rest of the report printed", () => {
    const broken = repository();
    writeFileSync(join(broken, "cards", "exp.yaml"), file(location("alpha", { ability: "produce 1 scrapp" }), location("beta"), location("gamma", { agreement: "gain 1 weapons" }), location("delta", { distance: "2" })));
    const r = runCli(["diff", "HEAD", "cards/"], broken);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('  ~ alpha (location) "alpha en": has errors now\n      ability:\n        - produce 1 scrap\n        + produce 1 scrapp\n');
    expect(r.stdout).toContain('  ~ delta (location) "delta en": behaviour changed\n      distance:\n        - 1\n        + 2\n');
    expect(r.stdout).toMatch(/\nerrors now \(1\):\n {2}cards\/exp\.yaml:\d+:\d+: error S51-E301: unknown resource or token "scrapp"\n$/);
  });

  it("counts every card as added when the files did not exist at the revision", () => {
    const r = runCli(["diff", "HEAD", "cards/"], (() => {
      const d = repository();
      mkdirSync(join(d, "cards", "new"));
      writeFileSync(join(d, "cards", "new", "more.yaml"), file(location("zeta")));
      return d;
    })());
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('  + zeta (location) "zeta en" in cards/new/more.yaml');
    const only = runCli(["diff", "HEAD", "elsewhere.yaml"], (() => {
      const d = repository();
      writeFileSync(join(d, "elsewhere.yaml"), file(location("eta")));
      return d;
    })());
    expect(only.stdout).toContain("0 removed");
    expect(only.stdout).toContain('  + eta (location) "eta en" in elsewhere.yaml');
  });

  it("names a change of a signed-off text lock alone", () => {
    const d = repository();
    const locked = location("alpha", { text: "{ spoils: { en: Gain 2 Scrap. } }" });
    writeFileSync(join(d, "cards", "exp.yaml"), file(locked, location("beta"), location("gamma", { agreement: "gain 1 weapons" }), location("delta")));
    git(d, "commit", "-q", "-am", "lock alpha's spoils");
    writeFileSync(join(d, "cards", "exp.yaml"), file(locked.replace("Gain 2 Scrap.", "Gain 2 scrap."), location("beta"), location("gamma", { agreement: "gain 1 weapons" }), location("delta")));
    const r = runCli(["diff", "HEAD", "cards/"], d);
    expect(r.stdout).toContain('  ~ alpha (location) "alpha en": text lock changed, behaviour unchanged');
  });

  it("reads a path as it is named, never as a git pathspec (a folder named :odd or *)", () => {
    const d = repository();
    for (const folder of [":odd", "*"]) {
      mkdirSync(join(d, folder));
      writeFileSync(join(d, folder, "x.yaml"), file(location("theta")));
    }
    git(d, "add", ".");
    git(d, "commit", "-q", "-m", "odd folders");
    for (const folder of [":odd", "*"]) {
      writeFileSync(join(d, folder, "x.yaml"), file(location("theta", { spoils: "gain 3 scrap" })));
      const r = runCli(["diff", "HEAD", folder], d);
      expect(r.stdout, folder).toContain("0 added, 0 removed, 1 changed (1 card before, 1 now)");
    }
  });

  it("says when nothing changed", () => {
    const d = repository();
    const r = runCli(["diff", "HEAD", "cards/"], d);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^no card changed since HEAD \([0-9a-f]{12}\) \(4 cards\)\n$/);
  });

  it("makes a revision that does not exist, and a folder outside any repository, one-line usage errors (exit 2)", () => {
    const d = repository();
    const missing = runCli(["diff", "no-such-branch", "cards/"], d);
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toMatch(/^state51: error: unknown revision "no-such-branch": no such commit in [^\n]+\n$/);
    expect(runCli(["diff", "--", "--output=x", "cards/"], d).stderr).toMatch(/^state51: error: not a revision: "--output=x"\n$/);

    const outside = mkdtempSync(join(tmpdir(), "state51-nogit-"));
    writeFileSync(join(outside, "a.yaml"), file(location("alpha")));
    const r = runCli(["diff", "HEAD", "a.yaml"], outside);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^state51: error: not inside a git repository: [^\n]+\n$/);

    const elsewhere = runCli(["diff", "HEAD", join(outside, "a.yaml")], d);
    expect(elsewhere.status).toBe(2);
    expect(elsewhere.stderr).toMatch(/^state51: error: [^\n]*a\.yaml is not in the git repository at [^\n]+\n$/);
  });
});
