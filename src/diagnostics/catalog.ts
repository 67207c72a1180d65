import { codes, type Code } from "./codes.js";

type Template<C extends Code> = (typeof codes)[C]["message"];

/** The placeholder names of a template: "{what} must be {range}" gives "what" | "range". */
type Slots<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Slots<Rest> : never;

/** The arguments a code's template needs, by name; a template without placeholders takes `{}` and nothing else. */
export type MessageArgs<C extends Code> = [Slots<Template<C>>] extends [never]
  ? Readonly<Record<string, never>>
  : { readonly [K in Slots<Template<C>>]: string | number };

/**
 * A code's message, its template filled with the arguments. The compiler
 * checks the arguments against the template, so the catalog is the one place
 * a message is worded.
 */
export function message<C extends Code>(code: C, args: MessageArgs<C>): string {
  const values = args as Readonly<Record<string, string | number>>;
  return codes[code].message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

export function categoryOf(code: Code): "error" | "warning" {
  return codes[code].category;
}
