/**
 * A strict reader of SVG path data (the `d` attribute), after the grammar of
 * SVG 1.1, section 8.3.9: commands M L H V C S Q T A Z (upper case absolute,
 * lower case relative), each followed by its numbers, which may repeat; an
 * arc's radii are not negative and its two flags are 0 or 1; and, where
 * Chromium (which prints the sheets) is stricter, as Chromium: a decimal point
 * needs a digit after it. It accepts what the grammar accepts and nothing
 * more, so a designer's path that passes draws whole, and it says where the
 * first mistake is.
 *
 * Browsers draw a path up to its first error and silently drop the rest; a
 * card type's icon would then print half drawn, which is why the check is
 * strict rather than forgiving.
 */

/** What one argument of a command is: a coordinate or length, a radius (not negative), or a flag (0 or 1). */
type Arg = "number" | "radius" | "flag";

/** The arguments each command takes, once; a command may repeat its set (M's repeats are lines). */
const commandArgs: Readonly<Record<string, readonly Arg[]>> = {
  m: ["number", "number"],
  l: ["number", "number"],
  h: ["number"],
  v: ["number"],
  c: ["number", "number", "number", "number", "number", "number"],
  s: ["number", "number", "number", "number"],
  q: ["number", "number", "number", "number"],
  t: ["number", "number"],
  a: ["radius", "radius", "number", "flag", "flag", "number", "number"],
  z: [],
};

/** One command with one set of its arguments ("l1 2 3 4" is two segments). */
export interface PathSegment {
  readonly command: string;
  readonly args: readonly number[];
}

export type SvgPathResult =
  | {
      readonly ok: true;
      /** Each command with its letter as written, repeats made explicit (M's repeats are L, or l). */
      readonly segments: readonly PathSegment[];
    }
  | {
      readonly ok: false;
      readonly message: string;
      /** Where the mistake is: [at, at + length) in the path data (length 0 at its end). */
      readonly at: number;
      readonly length: number;
    };

const isWsp = (c: string | undefined): boolean => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f";
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";

class PathError extends Error {
  constructor(
    message: string,
    readonly at: number,
    readonly length: number,
  ) {
    super(message);
  }
}

/** A cursor over the path data. */
class Reader {
  i = 0;
  constructor(readonly d: string) {}

  peek(): string | undefined {
    return this.d[this.i];
  }

  skipWsp(): void {
    while (isWsp(this.peek())) this.i++;
  }

  /** comma-wsp: spaces, or a comma with spaces around it. Returns whether a comma was read. */
  skipCommaWsp(): boolean {
    this.skipWsp();
    if (this.peek() !== ",") return false;
    this.i++;
    this.skipWsp();
    return true;
  }

  /** Could a number start here (a sign, a digit or a point)? */
  atNumber(): boolean {
    const c = this.peek();
    return c === "+" || c === "-" || c === "." || isDigit(c);
  }

  /** What is at the cursor, for a message: the character, or "the end". */
  found(): string {
    const c = this.peek();
    return c === undefined ? "the end of the path" : `"${c}"`;
  }

  fail(message: string): never {
    throw new PathError(`${message}, found ${this.found()}`, this.i, this.peek() === undefined ? 0 : 1);
  }

  /** Skips digits; returns how many. */
  digits(): number {
    const start = this.i;
    while (isDigit(this.peek())) this.i++;
    return this.i - start;
  }

  /** A number: sign, digits with at most one point, an exponent (1e-3). */
  number(arg: Arg, command: string): number {
    const start = this.i;
    const c = this.peek();
    if (arg === "flag") {
      if (c !== "0" && c !== "1") this.fail(`"${command}" needs a flag (0 or 1) here`);
      this.i++;
      return Number(c);
    }
    if (c === "+" || c === "-") {
      if (arg === "radius") this.fail(`an arc's radius is not signed`);
      this.i++;
    }
    const whole = this.digits();
    if (this.peek() === ".") {
      // "1." is in SVG 1.1's grammar but Chromium refuses it: a point needs a digit after it.
      if (!isDigit(this.d[this.i + 1])) throw new PathError(`a decimal point needs a digit after it`, this.i, 1);
      this.i++;
      this.digits();
    } else if (whole === 0) {
      this.i = start;
      this.fail(`"${command}" needs a number here`);
    }
    const e = this.peek();
    if (e === "e" || e === "E") {
      const sign = this.d[this.i + 1] === "+" || this.d[this.i + 1] === "-" ? 1 : 0;
      if (!isDigit(this.d[this.i + 1 + sign])) throw new PathError(`an exponent ("${e}") needs digits after it`, this.i, 1 + sign);
      this.i += 1 + sign;
      this.digits();
    }
    const value = Number(this.d.slice(start, this.i));
    if (!Number.isFinite(value)) throw new PathError(`a number too large to draw`, start, this.i - start);
    return value;
  }
}

/** One command letter and its arguments, repeated as long as numbers follow: e.g. "l1 2 3 4". */
function readCommand(r: Reader, letter: string, out: PathSegment[]): void {
  const args = commandArgs[letter.toLowerCase()]!;
  r.i++;
  if (args.length === 0) return void out.push({ command: letter, args: [] });
  // After a moveto's first pair, further pairs are lines (relative if the moveto was).
  let command = letter;
  for (;;) {
    r.skipWsp();
    const values = args.map((arg, k) => {
      if (k > 0) r.skipCommaWsp();
      return r.number(arg, letter);
    });
    out.push({ command, args: values });
    if (command === "M" || command === "m") command = command === "M" ? "L" : "l";
    const before = r.i;
    const comma = r.skipCommaWsp();
    if (r.atNumber()) continue;
    if (comma) r.fail(`after a comma "${letter}" needs more numbers`);
    r.i = before;
    return;
  }
}

/**
 * Reads path data. A path must start with a moveto and draw something; every
 * command letter must be one of MLHVCSQTAZ (either case) with whole sets of
 * numbers; spaces and commas separate as the grammar allows.
 */
export function readSvgPath(d: string): SvgPathResult {
  const r = new Reader(d);
  const out: PathSegment[] = [];
  try {
    r.skipWsp();
    if (r.peek() === undefined) throw new PathError("the path is empty", 0, 0);
    if (r.peek() !== "M" && r.peek() !== "m") r.fail(`a path starts with a moveto, "M" or "m"`);
    for (r.skipWsp(); r.peek() !== undefined; r.skipWsp()) {
      const c = r.peek()!;
      if (!Object.hasOwn(commandArgs, c.toLowerCase())) {
        r.fail(r.atNumber() ? `a number here has no command to belong to` : `a path command (M L H V C S Q T A Z, or lower case) was expected`);
      }
      readCommand(r, c, out);
    }
  } catch (e) {
    if (e instanceof PathError) return { ok: false, message: e.message, at: e.at, length: e.length };
    throw e;
  }
  return { ok: true, segments: out };
}

/** A coordinate as the canonical form writes it: rounded to 1/10000 (sums of relative moves are inexact), never "-0". */
function coordinate(n: number): string {
  const r = Math.round(n * 1e4) / 1e4;
  return String(r === 0 ? 0 : r);
}

/**
 * A path in one spelling, for telling whether two paths draw the same: every
 * point absolute, H and V as L, Z as z, numbers in one notation. Paths that
 * differ only in how they are written ("M2 2h20" and "M 2,2 L 22 2") read the same.
 */
export function canonicalPath(segments: readonly PathSegment[]): string {
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const out: string[] = [];
  for (const { command, args } of segments) {
    const lower = command.toLowerCase();
    const relative = command === lower;
    const dx = relative ? x : 0;
    const dy = relative ? y : 0;
    let points: number[];
    let letter = lower.toUpperCase();
    switch (lower) {
      case "z":
        [x, y] = [startX, startY];
        out.push("z");
        continue;
      case "h":
        [letter, points] = ["L", [args[0]! + dx, y]];
        break;
      case "v":
        [letter, points] = ["L", [x, args[0]! + dy]];
        break;
      case "a":
        // Radii, rotation and flags are not points; only the end point moves with a relative arc.
        points = [...args.slice(0, 5), args[5]! + dx, args[6]! + dy];
        break;
      default:
        points = args.map((v, k) => v + (k % 2 === 0 ? dx : dy));
    }
    [x, y] = points.slice(-2) as [number, number];
    if (lower === "m") [startX, startY] = [x, y];
    out.push(letter + points.map(coordinate).join(" "));
  }
  return out.join("");
}
