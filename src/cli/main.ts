/**
 * The `state51` command line. Usage errors exit 2, validation errors 1.
 * Nothing imports this module: it is the top of the pipeline.
 */
import { Command, CommanderError, Option } from "commander";
import { codes } from "../diagnostics/codes.js";
import { terminalLine, terminalSafe } from "../text/escape.js";
import { runBuild } from "./build-command.js";
import { checkGrammarOutput, writeGrammarDiagram } from "./grammar-command.js";
import { UsageError } from "./usage-error.js";
import { runValidate, type Format } from "./validate-command.js";
import { langs } from "../text/words.js";
import { errorLine, systemErrorLine } from "./error-line.js";

const codeTable = Object.entries(codes)
  .map(([code, { summary }]) => `  ${code}  ${summary}`)
  .join("\n");

/** The operands that name files to read: how a message names one, and what to name instead. */
const pathOperands: Partial<Record<string, { readonly named: string; readonly example: string }>> = {
  paths: { named: "a path", example: "a file or folder, e.g. cards/" },
  file: { named: "the log's path", example: "the log file, e.g. game.jsonl" },
};

/** The usage error for an empty path given to `command`, or undefined when there is none. */
function emptyPathGiven(command: Command): string | undefined {
  const empty = (given: unknown): boolean => (Array.isArray(given) ? given.includes("") : given === "");
  const merging = command.opts().merge === true;
  for (const [i, argument] of command.registeredArguments.entries()) {
    const operand = pathOperands[argument.name()];
    if (operand === undefined || !empty(command.processedArgs[i])) continue;
    return `${operand.named} is empty ("")\n  hint: an unset shell variable? name ${merging ? "the shards' reports, e.g. part-1.json part-2.json" : operand.example}`;
  }
  return empty(command.opts().baseline) ? `a path after --baseline is empty ("")\n  hint: an unset shell variable? name ${pathOperands.paths!.example}` : undefined;
}

/**
 * The program, writing through `toOut` and `toErr`. Everything a command
 * writes passes `terminalSafe` on its way out, so no designer string reaches
 * a terminal with a raw control or bidirectional character, whichever
 * message carries it (Markdown, HTML and JSON already escape them their own
 * way, so this leaves them as they are).
 */
export function buildProgram(
  toOut: (s: string) => void,
  setExit: (code: number) => void,
  toErr: (s: string) => void = (s) => void process.stderr.write(s),
): Command {
  const write = (s: string): void => toOut(terminalSafe(s));
  const writeError = (s: string): void => toErr(terminalSafe(s));
  const program = new Command("state51")
    .description(
      // One paragraph: the help wraps it to the terminal (a line break of ours would break mid-line).
      "Card-data toolkit for 51st State: write cards in YAML with a small rules language, and state51 tells you exactly what is wrong and where.",
    )
    .version("0.1.0")
    .showHelpAfterError('(run "state51 --help" for usage)')
    // Commander's own errors ("error: unknown option …") get the same "state51: " before them as every other error.
    .configureOutput({ writeOut: write, writeErr: writeError, outputError: (s, out) => out(s.startsWith("error:") ? `state51: ${s}` : s) })
    .addHelpText(
      "after",
      "\nExamples:\n" +
        "  state51 validate                            check the base set in cards/\n" +
        "  state51 validate cards/ my-expansion.yaml   check an expansion with the base set\n" +
        "  state51 validate --format json              machine-readable report for CI and editors\n" +
        "  state51 build                               validate, then compile the base set to generated/\n" +
        "  state51 preview                             the cards as they print, updated as you save\n\n" +
        "Each command has its own help: state51 help <command>. The card language is described in\n" +
        "docs/language.md; the README's Daily work section shows the tools for every day.",
    );

  // An empty path (`state51 validate "$CARDS"` with CARDS unset) would resolve to the current
  // folder: validate would read all of it, node_modules and all, and replay "read" a folder.
  program.hook("preAction", (_program, action) => {
    const empty = emptyPathGiven(action);
    if (empty !== undefined) action.error(`error: ${empty}`, { exitCode: 2, code: "state51.emptyPath" });
  });

  // A command's options are checked first (a usage error, exit 2, before any card is read), then it runs.
  const checkThenRun = async <C>(check: () => C, run: (checked: C) => number | Promise<number>): Promise<void> => {
    let checked: { readonly value: C } | undefined;
    const status = usage(() => ((checked = { value: check() }), 0), writeError);
    setExit(checked === undefined ? status : await run(checked.value));
  };

  program
    .command("validate")
    .description("check card files: YAML, fields, ability language and the rules a card must obey")
    .argument("[paths...]", "card files or folders (default: the base set in cards/)")
    .addOption(new Option("-f, --format <format>", "output format").choices(["text", "json"]).default("text"))
    .option("--strict", "a card's generated text that differs from its signed-off `text:` lock (S51-W401), or a placeholder left by `state51 new` (S51-W402), is an error, not a warning")
    .option("-w, --watch", "validate again each time a card file is saved (text only; Ctrl-C stops)")
    .addHelpText(
      "after",
      "\nEach problem is printed as\n  file:line:column: severity CODE: message\n" +
        "followed by the line with the problem underlined and, where one is likely, a hint.\n\n" +
        "Exit status: 0 no errors, 1 errors found, 2 usage error.\n" +
        "Warnings do not fail; with --strict a text lock that differs (S51-W401) and a placeholder left (S51-W402) are errors.\n\n" +
        "With --watch it validates, then again each time a card file under the paths is saved,\n" +
        "printing after each run one line with the time, the files changed and the result:\n" +
        "  ── 14:02:07 · cards/locations.yaml changed · validate: 1 error, 0 warnings in 41 ms · watching …\n" +
        "Ctrl-C stops it (exit 0).  Example: state51 validate --watch cards/ my-expansion.yaml\n\nCodes:\n" +
        codeTable,
    )
    .action(async (paths: string[], opts: { format: Format; strict?: boolean; watch?: boolean }) => {
      if (opts.watch !== true) return setExit(runValidate(paths, opts.format, write, { strict: opts.strict === true }));
      if (opts.format !== "text") return setExit(usage(() => { throw new UsageError("--watch prints text: it cannot be used with --format json"); }, writeError));
      const { watchValidate } = await import("./watch-command.js");
      setExit(await watchValidate(paths, { strict: opts.strict === true }, { write, writeError, cwd: process.cwd() }));
    });

  program
    .command("build")
    .description("validate, then compile the cards to typed TypeScript for the engine (generated/)")
    .argument("[paths...]", "card files or folders (default: the base set in cards/)")
    .option("-o, --out <dir>", "the output folder (default: generated/, the checkout's own when run inside it)")
    .option("--mkdir", "create the output folder's missing parent folders (otherwise a missing one is an error)")
    .option("-w, --watch", "build again each time a card file is saved, writing only what changed (Ctrl-C stops)")
    .addHelpText(
      "after",
      "\nValidates first, printing problems as `state51 validate` does; on any error nothing is\n" +
        "written. Otherwise writes one module per card set and kind (<set>/locations.ts, …)\n" +
        "and index.ts with the typed registry, then swaps the whole new tree in at once, so a\n" +
        "failure leaves the previous output as it was. README.md in the output folder is kept;\n" +
        "a folder holding files the build did not write is never replaced.\n\n" +
        "Examples:\n  state51 build                             the base set into generated/ (the checkout's own inside it)\n" +
        "  state51 build cards/ exp.yaml --out out/  an expansion with the base set, into out/\n" +
        "  state51 build --watch cards/ exp.yaml --out out/   the same, again on every save\n\n" +
        "With --watch it builds, then again each time a card file is saved: the compiler stays loaded,\n" +
        "only the edited cards are compiled again (with their module and the registry when needed),\n" +
        "and only the files whose text changed are written, each atomically; the folder is then what a\n" +
        "full build writes. One line after each run gives the time and the result; Ctrl-C stops (exit 0).\n\n" +
        "Exit status: 0 built, 1 errors found (nothing written), 2 usage error.\n" +
        "An output folder that cannot be written (its parent missing without --mkdir, a file, read-only,\n" +
        "or holding files the build did not write) is a usage error, found before the cards are read.",
    )
    .action(async (paths: string[], opts: { out?: string; mkdir?: boolean; watch?: boolean }) => {
      const options = { ...(opts.out === undefined ? {} : { out: opts.out }), mkdir: opts.mkdir === true };
      if (opts.watch !== true) return setExit(await runBuild(paths, options, write, writeError));
      const { watchBuild } = await import("./watch-command.js");
      setExit(await watchBuild(paths, options, { write, writeError, cwd: process.cwd() }));
    });

  program
    .command("text")
    .description("write the cards' text in English or French, generated from their definitions")
    .argument("[paths...]", "card files or folders (default: the base set in cards/)")
    .addOption(new Option("-l, --lang <lang>", "language").choices([...langs]).default("en"))
    .option("-c, --cards <ids>", "only these cards, in this order (comma-separated ids); one card is written alone, not as a set")
    // The old spelling, kept so scripts keep working; print and text both take --cards.
    .addOption(new Option("--card <id>").hideHelp())
    .addOption(new Option("-f, --format <format>", "output format").choices(["md", "json"]).default("md"))
    .addHelpText(
      "after",
      "\nThe text is generated from each card's abilities, in the rulebooks' vocabulary\n" +
        "(Spoils, Agreement… / Butin, Accord…), so it always says what the engine does.\n\n" +
        "Examples:\n  state51 text --lang fr --cards old-factory\n  state51 text --cards old-factory,railway --format json\n  state51 text --format json > cards.json\n\n" +
        "Exit status: 0 written, 1 the cards have errors or no such card, 2 usage error.",
    )
    .action(async (paths: string[], opts: import("./text-command.js").TextOptions) => {
      const { runText } = await import("./text-command.js");
      setExit(usage(() => runText(paths, opts, write, writeError), writeError));
    });

  program
    .command("summary")
    .description("the card set at a glance: counts by kind, type, distance, pattern and colour, value per distance, the cost curve")
    .argument("[paths...]", "card files or folders (default: the base set in cards/)")
    .addOption(new Option("-f, --format <format>", "output format").choices(["text", "json"]).default("text"))
    .addHelpText(
      "after",
      "\nCounts cards by kind and set; Locations by distance, pattern and card type (a card with two\n" +
        "types counts under each), with the distance x type and distance x pattern tables; Contacts\n" +
        "by colour, use and range. Then what each distance's Spoils, Agreements and production are\n" +
        "worth (mean, lowest-highest) on the scale of docs/card-set.md (1 resource = 1 card = 1, a\n" +
        "worker 1/2, a VP token 2 a point, a contact token its range), and the cost curve: the\n" +
        "Locations at each distance beside the Contacts of that range and their mean price.\n" +
        "JSON keys are sorted; what goes by distance is an array in distance order (README: Summary).\n\n" +
        "Examples:\n  state51 summary\n  state51 summary cards/ my-expansion.yaml\n  state51 summary my-expansion.yaml --format json\n\n" +
        "Cards with errors are reported as `state51 validate` reports them, and no summary is printed.\n\n" +
        "Exit status: 0 summarised, 1 the cards have errors, 2 usage error.",
    )
    .action(async (paths: string[], opts: { format: import("./summary-command.js").SummaryFormat }) => {
      const { runSummary } = await import("./summary-command.js");
      setExit(runSummary(paths, opts.format, write, writeError));
    });

  program
    .command("diff")
    .description("what changed in the card set since a git revision: cards added, removed and changed, with the behaviour change and the text word diffs")
    .argument("<revision>", "a git revision: a commit, a branch, a tag, HEAD~1, origin/main…")
    .argument("[paths...]", "card files or folders in the repository (default: the base set in cards/)")
    .addOption(new Option("-f, --format <format>", "output format: text, or Markdown for a pull-request comment").choices(["text", "markdown"]).default("text"))
    .addHelpText(
      "after",
      "\nThe card files under the paths are read as they are at the revision (git ls-tree and\n" +
        "cat-file) and as they are now on disk; both sides are validated as `state51 validate` does,\n" +
        "and cards are matched by id. For each changed card: the fields as written that differ\n" +
        "(spoils: gain 2 scrap -> gain 3 scrap), whether what the card does changed (its checked\n" +
        "form, what the compiler compiles) or only how it is written, and the word diff of every\n" +
        "printed part in English and French ([-removed-]{+added+}; in Markdown, struck and bold).\n" +
        "A card with errors on either side is listed as such, and the errors are listed.\n\n" +
        "Examples:\n  state51 diff HEAD~1\n  state51 diff main cards/ my-expansion.yaml\n" +
        "  state51 diff origin/main --format markdown > comment.md\n\n" +
        "Exit status: 0 the report is printed, 1 the cards have errors now (the report is printed\n" +
        "with them) or git failed, 2 usage error: no such revision, not inside a git repository, or\n" +
        "a path outside it.",
    )
    .action(async (revision: string, paths: string[], opts: { format: import("./diff-command.js").DiffFormat }) => {
      const { runDiff } = await import("./diff-command.js");
      setExit(runDiff(revision, paths, opts.format, write, writeError));
    });

  program
    .command("print")
    .description("write printable sheets: real-size cards (63 x 88 mm), nine to an A4 or Letter page, as HTML or PDF, and one PNG per card")
    .argument("[paths...]", "card files or folders (default: the base set in cards/)")
    .addOption(new Option("-l, --lang <lang>", "language").choices([...langs]).default("en"))
    .addOption(new Option("--paper <paper>", "the paper the sheet is printed on").choices(["a4", "letter"]).default("a4"))
    .option("--bleed <mm>", "extend each card's colour this far past its cut line, 0 to 6 mm (print shops: 3)")
    .option("-o, --out <file.html>", "write the HTML sheet to this file (default: standard output)")
    .option("--pdf <file.pdf>", "print the sheet to a PDF through headless Chromium")
    .option("--png <file.png>", "a picture of the first page (at 96 dpi), through headless Chromium")
    .option("--png-cards <dir>", "one PNG per card, <id>.png, at the card's size plus bleed, into this folder")
    .option("--dpi <n>", "the resolution of --png-cards, 72 to 1200 (default: 300)")
    .option("-c, --cards <ids>", "only these cards, in this order (comma-separated ids)")
    .option("--check-fit", "lay the cards out in headless Chromium and report any whose text overflows")
    .option("--allow-overflow", "write --pdf, --png and --png-cards even when a card's text does not fit (it is clipped)")
    .option("--mkdir", "create the missing folders of --out, --pdf, --png and --png-cards (otherwise a missing one is an error)")
    .addHelpText(
      "after",
      "\nThe HTML is self-contained (inline CSS and SVG, system fonts, nothing loaded from the\n" +
        "network): open it in a browser and print at 100 % on the paper chosen, or use --pdf. Cut\n" +
        "along the marks in the margins: they are on the cut lines (the trim), outside the cards.\n" +
        "The same cards always give the same bytes.\n\n" +
        "With --bleed, each card is laid out with its colour running that far past the trim on every\n" +
        "side, so a cut a little off leaves no white edge; a page holds as many such cards as fit\n" +
        "(A4: 3 x 3 up to 1.3 mm, 4 x 2 landscape at 3 mm; Letter: 3 x 3 without bleed, 3 x 2\n" +
        "landscape at 3 mm).\n" +
        "--png-cards writes (63 + 2 x bleed) x (88 + 2 x bleed) mm at --dpi: at 3 mm and 300 dpi,\n" +
        "815 x 1110 px, what print shops that take one image per card ask for.\n\n" +
        "--pdf, --png and --png-cards first lay the cards out and check that every card's text fits;\n" +
        "a card that does not is reported, by how many mm and which parts to shorten, and nothing is\n" +
        "written unless --allow-overflow is given.\n\n" +
        "--pdf, --png, --png-cards and --check-fit need Chromium or Google Chrome: STATE51_CHROMIUM\n" +
        "names the browser to run; otherwise chromium, chromium-browser, google-chrome or\n" +
        "google-chrome-stable is looked up on PATH (on Debian/Ubuntu: apt-get install chromium).\n\n" +
        "Examples:\n  state51 print --out cards.html\n  state51 print --lang fr --pdf cartes.pdf\n" +
        "  state51 print --paper letter --bleed 3 --pdf cards-letter.pdf\n" +
        "  state51 print --bleed 3 --png-cards cards-png --dpi 300\n" +
        "  state51 print cards/ my-expansion.yaml --check-fit\n  state51 print --cards old-factory,railway --pdf reprint.pdf\n\n" +
        "Exit status: 0 written, 1 the cards have errors, no such card, Chromium missing or failed,\n" +
        "or a card's text does not fit (with --check-fit, or refused by --pdf/--png/--png-cards),\n" +
        "2 usage error.",
    )
    .action(async (paths: string[], opts: import("./print-command.js").PrintOptions) => {
      const m = await import("./print-command.js");
      await checkThenRun(() => m.checkPrint(opts, paths), (checked) => m.runPrint(paths, opts, checked, write, writeError));
    });

  program
    .command("preview")
    .description("a live page of the cards as they print, English beside French, with the set's problems; it follows your saves")
    .argument("[paths...]", "card files or folders (default: the base set in cards/)")
    .option("-p, --port <n>", "the port on 127.0.0.1 to serve on (default: a free one)")
    .addHelpText(
      "after",
      "\nServes a page on 127.0.0.1 only (never on the network) and prints its address; open it\n" +
        "in a browser. Each card is drawn as `state51 print` draws it, in English and in French side\n" +
        "by side; type in the filter box to find cards by name, id, kind or type, and tick the\n" +
        "kinds to show. The set's problems are listed above the cards, as `state51 validate` prints\n" +
        "them. Save a card file and the page follows within a moment, without a reload; a card that\n" +
        "stops being valid keeps its last valid drawing, outlined in red, until it is fixed.\n\n" +
        "Examples:\n  state51 preview                          the base set\n" +
        "  state51 preview cards/ my-expansion.yaml  an expansion with the base set\n" +
        "  state51 preview --port 5151                always the same address\n\n" +
        "Ctrl-C stops it. Exit status: 0 stopped, 1 the port is in use (or not allowed), 2 usage error.",
    )
    .action(async (paths: string[], opts: import("./preview-command.js").PreviewOptions) => {
      const m = await import("./preview-command.js");
      await checkThenRun(() => m.checkPreview(opts), (checked) => m.runPreview(paths, checked, write, writeError));
    });

  // The engine loads only for the commands that play (a lazy chunk), and the compiler only
  // when their cards were not compiled before (src/pipeline/card-set-cache.ts); the cards are
  // those on disk now, compiled in this process (nothing is written to generated/).
  // Options are checked first, so a usage error does not wait for the cards to compile.
  // `prepare` checks what it can before the cards are compiled: a usage error, or (replay) an unreadable log, is said at once.
  const playWith = async (paths: readonly string[], command: string, prepare: (m: typeof import("./play-command.js")) => import("./play-command.js").Ready | number): Promise<void> => {
    const m = await import("./play-command.js");
    let ready: import("./play-command.js").Ready | number | undefined;
    const status = usage(() => ((ready = prepare(m)), 0), writeError);
    if (ready === undefined) return setExit(status);
    if (typeof ready === "number") return setExit(ready);
    const registry = await m.playableCards(paths, command, writeError);
    setExit(registry === undefined ? 1 : ready(registry));
  };

  program
    .command("play")
    .description("play a game between bots and print a round-by-round account and the final scores")
    .argument("[paths...]", "card files or folders to play with (default: the base set in cards/); an expansion is played with the base set when both are named")
    .option("-p, --players <n>", "number of players, 2 to 4 (default: the number of bots given when more than one, else 4)")
    .option("-s, --seed <n>", "the game's seed: same seed and bots, same game (default 1)")
    .option("-b, --bots <list>", "comma-separated bots by seat: random, greedy, mcts or mcts:<playouts> (a shorter list repeats; default greedy)")
    .option("-l, --log <file>", "write the game as JSON lines to this file, for `state51 replay` (a new file, or an earlier log to replace)")
    .option("--mkdir", "create the log's missing folders (otherwise a missing one is an error)")
    .option("-q, --quiet", "print only the final scores (and, with --log, where the log went), not the account")
    .addHelpText(
      "after",
      "\nBots: random chooses uniformly among the legal choices; greedy plays for VP now;\n" +
        "mcts searches: for each action it plays sampled games ahead from what its player can\n" +
        "see (mcts:<playouts> sets how many per decision; more is stronger and slower).\n" +
        "Bots see only their own player's view: their hand, the table, the others' hand sizes.\n\n" +
        "Examples:\n  state51 play --players 3 --seed 7 --bots greedy,random\n" +
        "  state51 play --players 2 --bots mcts:200,greedy\n" +
        "  state51 play --seed 42 --log game.jsonl && state51 replay game.jsonl\n" +
        "  state51 play cards/ my-expansion.yaml --players 3   # the base set and an expansion\n\n" +
        "The cards are read, checked and compiled as the game starts (nothing is written beside\n" +
        "them): a game always plays the cards as they are on disk now. Cards with errors are\n" +
        "reported as `state51 validate` reports them, and no game is played. The compiled set is\n" +
        "kept for the next run of the same files, which then starts without compiling: in\n" +
        "$STATE51_CACHE, else $XDG_CACHE_HOME/state51, else ~/.cache/state51 (STATE51_CACHE=off\n" +
        "keeps none).\n\n" +
        "The log is a file: `--log -` (standard output holds the account), a folder (`--log new/`) and\n" +
        "an existing file that is not a game log are refused before the game. The engine stops a game\n" +
        "still going after round 60 (docs/engine-rulings.md, ruling 24); the final scores then say so.\n\n" +
        "Exit status: 0 played, 1 the cards have errors, too few factions (Bases) for the players, or\n" +
        "the log could not be written, 2 usage error, 130 interrupted (Ctrl-C; no log is written).",
    )
    .action((paths: string[], opts: import("./play-command.js").PlayOptions) => playWith(paths, "play", (m) => m.preparePlay(opts, write, paths, writeError)));

  program
    .command("replay")
    .description("re-run a game from its log and check it reaches the same final state")
    .argument("<file>", "a log written by `state51 play --log`")
    .argument("[paths...]", "the card files or folders it was played with (default: the base set in cards/)")
    .option("-q, --quiet", "print only the final scores and whether they match the log, not the account")
    .addHelpText(
      "after",
      "\nA log replays only with the engine version and the card set it was recorded with (its\n" +
        "header holds both, and the card paths it was played with); otherwise replay says so, with\n" +
        "the paths to name, and exits 1. Name the same card files as the game was played with:\n" +
        "state51 replay game.jsonl cards/ my-expansion.yaml\n\n" +
        "The replay must reach what the log's end line states: its rounds, scores, winners and final\n" +
        "state digest. Each difference, and why a log cannot be replayed, is a diagnostic on standard\n" +
        "error, as validate prints them: the log's file, line and column, a code (S51-E5xx, listed in\n" +
        "the README) and the line itself; the account and the final scores go to standard output.\n\n" +
        "Exit status: 0 the replay matches the log, 1 it does not (or cannot be read or replayed\n" +
        "here, or the cards have errors), 2 usage error, 130 interrupted (Ctrl-C).",
    )
    .action((file: string, paths: string[], opts: { quiet?: boolean }) => playWith(paths, "replay", (m) => m.prepareReplay(file, paths, opts.quiet === true, write, writeError)));

  program
    .command("simulate")
    .description("play many bot games on worker threads and report win rates by seat, faction, bot and card")
    .argument("[paths...]", "card files or folders to play with (default: the base set in cards/); an expansion is played with the base set when both are named")
    .option("-n, --games <n>", "how many games (default 1000)")
    .option("-p, --players <n>", "players a game, 2 to 4 (default: the number of bots given when more than one, else 4)")
    .option("-b, --bots <list>", "comma-separated bots by seat: random, greedy, mcts or mcts:<playouts> (a shorter list repeats; default greedy)")
    .option("-s, --seed <n>", "the first game's seed: the games are seeds n, n+1, … (default 1)")
    .option("-w, --workers <k>", "worker threads (default: the number of cores)")
    .addOption(new Option("-f, --format <format>", "report format: text, json, or html (one self-contained page with plots); default text, json with --shard").choices(["text", "json", "html"]))
    .option("-o, --out <file>", "write the report to this file (atomically) instead of standard output")
    .option("--mkdir", "create the report's missing folders (otherwise a missing one is an error)")
    .option("--shard <i/n>", "play share i of n of the games (a contiguous range of them) and write a partial report: run the n shards anywhere, then --merge their JSON")
    .option("--baseline <paths...>", "also play the same games (seeds, players, bots, seating) on these card files or folders, e.g. the base set alone, and report what changed: faction win rates, game length, where each new card ranks among the old ones (give the paths to play first, or end the list with another option)")
    .option("--merge", "the paths are the JSON reports of all the shards of one run: write the run's report (exactly that of the whole run played at once)")
    .addHelpText(
      "after",
      "\nGame i (from 0) is played with seed --seed + i. Seats and factions rotate by the game's\n" +
        "index alone: the factions by seat go through every ordered choice of the set's factions,\n" +
        "then the bots move one seat on, so each bot meets each faction in each seat equally often.\n" +
        "A game's result depends on its seed and bots only: the report is the same, byte for byte,\n" +
        "whatever --workers. Progress goes to standard error: a bar with the time left on a\n" +
        "terminal, a line at each tenth otherwise. Ctrl-C stops and reports the games played\n" +
        "(exit 130; nothing is written before the first game ends).\n\n" +
        "The report (JSON: grammar/simulation.schema.json):\n" +
        "  games     rounds (mean, median, sd, range, histogram), final VP, draws, and how many\n" +
        "            lasted the full 60 rounds, where the engine stops a game (a warning when most did)\n" +
        "  win rates by seat, faction and bot: won alone / player-games (a shared first place is\n" +
        "            a draw), with the 95% Wilson score interval\n" +
        "  cards     each Location, Leader and one-time Contact: player-games where it was seen\n" +
        "            (in hand) and played, plays by way (Spoils, Agreement, Location with\n" +
        "            Redevelopments, Leader, Contact), the win rate of players who played it against\n" +
        "            those who saw it and did not, the difference with its 95% interval (Newcombe's\n" +
        "            hybrid score method), and the VP on the card at the end of the game\n" +
        "  flags     a card whose difference lies outside the set's usual range (Tukey's fences\n" +
        "            over the cards' differences), one played in under 5% of the games it was\n" +
        "            seen in, or one never seen, with the reason\n" +
        "HTML (--format html): one self-contained page (no script, nothing loaded) with the summary,\n" +
        "three plots (win rate by faction with intervals and the fair share, each card's difference\n" +
        "against its play rate with flagged cards named, the game-length histogram) and the tables.\n" +
        "A card's difference measures association, not cause: players who are winning play more.\n" +
        "Compare a card with the set's usual range rather than with zero.\n\n" +
        "Baseline: `--baseline PATHS` plays the same games again on another set and adds a comparison:\n" +
        "each faction's win rate in both with the change and its 95% interval (Newcombe), rounds (mean,\n" +
        "median) in both, each new card (in the cards, not the baseline's) ranked by its win-rate\n" +
        "difference among the old cards (\"ranks 3rd of 111\"), and the cards changed or removed. The\n" +
        "JSON holds the baseline's whole report too, so shards played with --baseline merge exactly.\n\n" +
        "Shards: `--shard i/n` plays games floor(N(i-1)/n) to floor(Ni/n)-1 of the run's N; merging the\n" +
        "n shards' JSON reports gives the report of the whole run, byte for byte. Parts of different\n" +
        "card sets, engines, seeds, players, bots or shard counts, a shard twice or a shard missing are\n" +
        "refused, naming the mismatch (exit 1): a diagnostic at the part's field, code S51-E6xx.\n\n" +
        "Examples:\n  state51 simulate --games 2000 --players 4 --bots greedy\n" +
        "  state51 simulate cards/ my-expansion.yaml --games 5000 --format json --out report.json\n" +
        "  state51 simulate --players 2 --bots mcts:100,greedy --games 200\n" +
        "  state51 simulate --games 2000 --format html --out report.html\n" +
        "  state51 simulate cards/ my-expansion.yaml --baseline cards/ --games 400 --players 4\n" +
        "  state51 simulate --games 10000 --shard 2/4 --format json --out part2.json\n" +
        "  state51 simulate --merge part1.json part2.json part3.json part4.json\n\n" +
        "The cards are checked and compiled first, as `play` does (a set compiled before is taken\n" +
        "from play's cache); cards with errors are reported as `state51 validate` reports them, and\n" +
        "no game is played.\n\n" +
        "Exit status: 0 done, 1 the cards have errors (or too few factions) or the parts do not merge (or one was interrupted),\n" +
        "2 usage error, 130 interrupted (the report covers the games played; none before the first ends).",
    )
    .action(async (paths: string[], opts: import("./simulate-command.js").SimulateOptions) => {
      const m = await import("./simulate-command.js");
      if (opts.merge === true) {
        let merging: ReturnType<typeof m.checkMerge> | undefined;
        const status = usage(() => ((merging = m.checkMerge(paths, opts)), 0), writeError);
        return setExit(merging === undefined ? status : m.runMerge(paths, merging, { write, writeError }));
      }
      let checked: ReturnType<typeof m.checkSimulate> | undefined;
      const status = usage(() => ((checked = m.checkSimulate(opts, paths)), 0), writeError);
      if (checked === undefined) return setExit(status);
      setExit(await m.runSimulate(paths, checked, opts, { write, writeError }));
    });

  program
    .command("new")
    .description("append a card template that validates to a card file, its placeholders marked # TODO")
    .argument("<kind>", "location, leader, contact or base")
    .argument("<id>", "the new card's id, e.g. old-factory")
    .option("--file <file>", "the card file to add it to, made if missing (default in the checkout: cards/<kind>s.yaml)")
    .option("--mkdir", "create the file's missing folders (otherwise a missing one is an error)")
    .addHelpText(
      "after",
      "\nThe card is appended after the file's last card; nothing else in the file changes. Its\n" +
        "values validate but are not yours: each is marked with an end-of-line comment\n" +
        "`# TODO: …` saying what to write, and `state51 validate` warns about it (S51-W402) until\n" +
        "the comment is deleted. A new Base gets a faction of its own (its id without -base),\n" +
        "added to the file's vocabulary when no loaded file names it (for the base set, to\n" +
        "cards/vocabulary.yaml's factions).\n\n" +
        "Examples:\n  state51 new location old-mill                      into cards/locations.yaml\n" +
        "  state51 new leader iron-maiden --file my-exp.yaml  into an expansion (made if missing)\n" +
        "  state51 new base iron-nomads-base --file my-exp.yaml   a Base and its new faction\n\n" +
        "Exit status: 0 added, 1 the id is taken, the faction has a Base or the file is not valid\n" +
        "YAML or not a card file (nothing written), 2 usage error (unknown kind, a bad id, a file that cannot be written).",
    )
    .action(async (kind: string, id: string, opts: import("./new-command.js").NewOptions) => {
      const m = await import("./new-command.js");
      await checkThenRun(() => m.checkNew(kind, id, opts), (checked) => m.runNew(checked, opts, { write, writeError }));
    });

  program
    .command("fmt")
    .description("rewrite card files in the canonical layout: key order, quoting, spacing; every comment kept")
    .argument("[paths...]", "card files or folders (default in the checkout: the base set in cards/; elsewhere name them)")
    .option("--check", "write nothing; list the files not in the canonical layout (exit 1 if any)")
    .addHelpText(
      "after",
      "\nThe canonical layout is the base set's: keys in the order of grammar/cards.schema.json for\n" +
        "each kind (id, kind, name, then the kind's fields, text last), a string plain only where\n" +
        "YAML 1.2 and 1.1 (PyYAML) both read it back unchanged (\"On\", \"N\", \"2024-01-01\" stay\n" +
        "quoted), in double quotes otherwise, two-space indentation, flow mappings as\n" +
        "{ en: Pub, fr: Pub } and flow lists as [scrap], one blank line between cards. Every\n" +
        "comment is kept, values never change, and formatting twice changes nothing.\n" +
        "A file that is not valid YAML is reported as `state51 validate` reports it and left as it is.\n\n" +
        "Examples:\n  state51 fmt                        the base set in cards/\n" +
        "  state51 fmt my-expansion.yaml      one file\n" +
        "  state51 fmt --check cards/ exp/    in CI: exit 1 listing the files fmt would change\n\n" +
        "Exit status: 0 every file is canonical (now), 1 a file is not valid YAML (or, with --check,\n" +
        "not canonical), 2 usage error (a file that would change cannot be written, or no path\n" +
        "named outside the state51 checkout: the base set there is state51's own, not yours to rewrite).",
    )
    .action(async (paths: string[], opts: import("./fmt-command.js").FmtOptions) => {
      const { runFmt } = await import("./fmt-command.js");
      setExit(usage(() => runFmt(paths, opts, { write, writeError }), writeError));
    });

  program
    .command("locks")
    .description("sign off the cards' text locks: write today's generated text into them (locks accept)")
    .command("accept")
    .description("write today's generated text into every text lock that differs from it, keeping the file's layout and comments")
    .argument("[paths...]", "card files or folders (default in the checkout: the base set in cards/; elsewhere name them)")
    .option("-c, --cards <ids>", "only these cards' locks (comma-separated ids)")
    .addHelpText(
      "after",
      "\nA text lock (a card's `text:` field) holds the wording a designer signed off; `state51\n" +
        "validate` warns when the text generated from the card no longer matches it (S51-W401).\n" +
        "When the new wording is right, this writes it into the lock: only the lock's value\n" +
        "changes, in its quotes where they still fit; non-breaking spaces are written as spaces\n" +
        "(a lock compares them equal). Each lock written is listed with its old wording. A lock\n" +
        "whose card no longer prints its part is listed, to be deleted by hand.\n\n" +
        "Examples:\n  state51 locks accept                          every differing lock of the base set\n" +
        "  state51 locks accept --cards scrapyard,pub    only these cards' locks\n" +
        "  state51 locks accept cards/ my-expansion.yaml an expansion with the base set\n\n" +
        "Exit status: 0 done (or nothing to do), 1 the cards have errors or an id is unknown (nothing\n" +
        "written), 2 usage error (a file to rewrite cannot be written, or no path named outside the\n" +
        "state51 checkout: the base set there is state51's own, not yours to rewrite).",
    )
    .action(async (paths: string[], opts: import("./locks-command.js").LocksAcceptOptions) => {
      const { runLocksAccept } = await import("./locks-command.js");
      setExit(usage(() => runLocksAccept(paths, opts, { write, writeError }), writeError));
    });

  program
    .command("lsp")
    .description("run the language server (diagnostics, completion, hover, definition, quick fixes) for an editor")
    .option("--stdio", "speak the Language Server Protocol on standard input and output (the only transport)")
    .addHelpText(
      "after",
      "\nThe editor starts it; a designer does not run it by hand. It checks every card file of\n" +
        "the folder an open card file is in, as `state51 validate <folder>` does, as you type.\n\n" +
        "Examples:\n  state51 lsp --stdio                       what an editor runs (VS Code: editors/vscode/)\n" +
        "  Neovim: vim.lsp.start({ name = 'state51', cmd = { 'state51', 'lsp', '--stdio' } })\n\n" +
        "Exit status: 0 the editor shut it down, 1 it was stopped without a shutdown, 2 usage error.",
    )
    .action(async (opts: { stdio?: boolean }) => {
      if (opts.stdio !== true) {
        // A usage error, worded as every other: the program's name only.
        writeError(errorLine("", "give --stdio: the server speaks LSP on standard input and output"));
        return setExit(2);
      }
      // Loaded here only: `state51 validate` never pays for the protocol library.
      const { startServer } = await import("../lsp/server.js");
      await startServer(process.stdin, process.stdout);
    });

  program
    .command("grammar")
    .description("write the card language's railroad diagram (HTML, viewable offline)")
    .option("-o, --out <file>", "where to write the page", "docs/grammar.html")
    .option("--mkdir", "create the page's missing folders (otherwise a missing one is an error)")
    .action((opts: { out: string; mkdir?: boolean }) => {
      const mkdir = opts.mkdir === true;
      const status = usage(() => (checkGrammarOutput(opts.out, mkdir), 0), writeError);
      if (status !== 0) return setExit(status);
      for (const f of writeGrammarDiagram(opts.out, mkdir)) write(terminalLine(`wrote ${f}`) + "\n");
    });

  return program;
}

/** Runs a command, turning a UsageError into its message and exit status 2. */
function usage(run: () => number, writeError: (s: string) => void): number {
  try {
    return run();
  } catch (error) {
    if (error instanceof UsageError) {
      writeError(errorLine("", error.message));
      return 2;
    }
    throw error;
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  let exitCode = 0;
  const write = (s: string): void => void process.stdout.write(s);
  const program = buildProgram(write, (code) => (exitCode = code));
  program.exitOverride();
  for (const cmd of program.commands) for (const c of [cmd, ...cmd.commands]) c.exitOverride();
  try {
    await program.parseAsync(argv as string[], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      const helpOrVersion = ["commander.helpDisplayed", "commander.help", "commander.version"].includes(error.code);
      return helpOrVersion ? 0 : 2;
    }
    // A system error (a disk full, a folder removed under us) is a problem of the machine, not a bug: one line, exit 1.
    if (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string" && typeof (error as NodeJS.ErrnoException).syscall === "string") {
      process.stderr.write(errorLine("", systemErrorLine(error as NodeJS.ErrnoException)));
      return 1;
    }
    process.stderr.write(errorLine("", `internal error: ${(error as Error).message}`) + "please report this with the command you ran\n");
    return 70;
  }
  return exitCode;
}
