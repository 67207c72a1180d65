/**
 * The `state51` command line. Usage errors exit 2, validation errors 1.
 * Nothing imports this module: it is the top of the pipeline.
 */
import { Command, CommanderError, Option } from "commander";
import { codes } from "../diagnostics/codes.js";
import { writeGrammarDiagram } from "./grammar-command.js";
import { runValidate, type Format } from "./validate-command.js";

const codeTable = Object.entries(codes)
  .map(([code, { summary }]) => `  ${code}  ${summary}`)
  .join("\n");

export function buildProgram(write: (s: string) => void, setExit: (code: number) => void): Command {
  const program = new Command("state51")
    .description(
      "Card-data toolkit for 51st State: write cards in YAML with a small rules language,\n" +
        "and state51 tells you exactly what is wrong and where.",
    )
    .version("0.1.0")
    .showHelpAfterError('(run "state51 --help" for usage)')
    .configureOutput({ writeOut: write })
    .addHelpText(
      "after",
      "\nExamples:\n  state51 validate                       check the base set in cards/\n" +
        "  state51 validate cards/ my-expansion.yaml   check an expansion with the base set\n" +
        "  state51 validate --format json          machine-readable report for CI and editors\n\n" +
        "The card language is described in docs/language.md.",
    );

  program
    .command("validate")
    .description("check card files: YAML, fields, ability language and the rules a card must obey")
    .argument("[paths...]", "card files or folders (default: the base set in cards/)")
    .addOption(new Option("-f, --format <format>", "output format").choices(["text", "json"]).default("text"))
    .addHelpText(
      "after",
      "\nEach problem is printed as\n  file:line:column: severity CODE: message\n" +
        "followed by the line with the problem underlined and, where one is likely, a hint.\n\n" +
        "Exit status: 0 no errors, 1 errors found, 2 usage error.\n\nCodes:\n" +
        codeTable,
    )
    .action((paths: string[], opts: { format: Format }) => setExit(runValidate(paths, opts.format, write)));

  program
    .command("grammar")
    .description("write the card language's railroad diagram (HTML, viewable offline)")
    .option("-o, --out <file>", "where to write the page", "docs/grammar.html")
    .action((opts: { out: string }) => {
      for (const f of writeGrammarDiagram(opts.out)) write(`wrote ${f}\n`);
    });

  return program;
}

export function main(argv: readonly string[]): number {
  let exitCode = 0;
  const write = (s: string): void => void process.stdout.write(s);
  const program = buildProgram(write, (code) => (exitCode = code));
  program.exitOverride();
  for (const cmd of program.commands) cmd.exitOverride();
  try {
    program.parse(argv as string[], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      const helpOrVersion = ["commander.helpDisplayed", "commander.help", "commander.version"].includes(error.code);
      return helpOrVersion ? 0 : 2;
    }
    process.stderr.write(`state51: internal error: ${(error as Error).message}\nplease report this with the command you ran\n`);
    return 70;
  }
  return exitCode;
}
