/**
 * The little expression language the emitters build and the renderer writes:
 * object and array literals, arrow functions that call methods on their one
 * parameter, and leaf literals.
 *
 * Designer text can only become code through `str` (a JSON-style escaped
 * string literal) and numbers only through `int`, so no card field is ever
 * pasted into generated code as it was written.
 */
import { stringLiteral } from "../text/escape.js";

/** A leaf whose text is already a safe TypeScript expression (built only by the constructors below). */
export interface Literal {
  readonly kind: "literal";
  readonly text: string;
}

/** A reference to a declaration of the generated module itself (an identifier made by `identifiers.ts`). */
export interface Reference {
  readonly kind: "reference";
  readonly name: string;
}

export interface ObjectLiteral {
  readonly kind: "object";
  /** Property names are the definitions' own field names, written by the compiler, never by a designer. */
  readonly properties: readonly (readonly [name: string, value: Expr])[];
}

export interface ArrayLiteral {
  readonly kind: "array";
  readonly items: readonly Expr[];
}

/** `parameter.method(args…);` */
export interface Call {
  readonly method: string;
  readonly args: readonly Expr[];
}

/** `(parameter) => { parameter.method(…); … }`, or `() => {}` when there is nothing to call. */
export interface Arrow {
  readonly kind: "arrow";
  readonly parameter: string;
  readonly calls: readonly Call[];
}

export type Expr = Literal | Reference | ObjectLiteral | ArrayLiteral | Arrow;

/** Raised when the model holds something the generated code cannot say (the checker should have refused it). */
export class CompileError extends Error {
  override readonly name = "CompileError";
}

export function str(text: string): Literal {
  return { kind: "literal", text: stringLiteral(text) };
}

export function int(value: number): Literal {
  if (!Number.isSafeInteger(value)) throw new CompileError(`not a whole number: ${String(value)}`);
  return { kind: "literal", text: String(value) };
}

export function bool(value: boolean): Literal {
  return { kind: "literal", text: value ? "true" : "false" };
}

export const undef: Literal = { kind: "literal", text: "undefined" };

export function ref(name: string): Reference {
  return { kind: "reference", name };
}

export function object(properties: readonly (readonly [string, Expr])[]): ObjectLiteral {
  return { kind: "object", properties };
}

export function array(items: readonly Expr[]): ArrayLiteral {
  return { kind: "array", items };
}

export function call(method: string, ...args: Expr[]): Call {
  return { method, args };
}

export function arrow(parameter: string, calls: readonly Call[]): Arrow {
  return { kind: "arrow", parameter, calls };
}

/** `value` when present, else `undefined`: the definitions' way of saying a field is absent. */
export function optional<T>(value: T | undefined, emit: (value: T) => Expr): Expr {
  return value === undefined ? undef : emit(value);
}

/**
 * A card's literal with each of its functions written twice from the one
 * lowering: `{ calls: […], run: (give) => {…} }`, the calls as data (what
 * the engine reads) beside the same calls as code. A function inside a call
 * (`onlyIf`'s gains, a choice's options) stays code in `run` and is data,
 * its calls, in `calls`.
 */
export function withCalls(expr: Expr): Expr {
  return mapArrows(expr, (f) => object([["calls", callsData(f)], ["run", f]]));
}

/** An arrow's calls as data: `{ call: "resource", resource: "scrap", amount: 2 }`, its named arguments after its method's name, a function among them as its calls. */
function callsData(f: Arrow): ArrayLiteral {
  return array(
    f.calls.map((c) => {
      const [args, ...more] = c.args;
      if (args?.kind !== "object" || more.length > 0) throw new CompileError(`${c.method}: a generated call names its arguments (one object)`);
      return object([["call", str(c.method)], ...args.properties.map(([name, value]) => [name, mapArrows(value, callsData)] as const)]);
    }),
  );
}

/** The expression with each arrow outside any arrow replaced. */
function mapArrows(expr: Expr, replace: (f: Arrow) => Expr): Expr {
  switch (expr.kind) {
    case "literal":
    case "reference":
      return expr;
    case "object":
      return object(expr.properties.map(([name, value]) => [name, mapArrows(value, replace)] as const));
    case "array":
      return array(expr.items.map((item) => mapArrows(item, replace)));
    case "arrow":
      return replace(expr);
  }
}
