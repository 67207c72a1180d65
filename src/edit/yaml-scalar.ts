/**
 * A string written into a card file by an edit (`state51 new`, `locks
 * accept`) as YAML source. Text pasted in as it is can read back as
 * something else: `true`, `null` and `1.5` are not strings, `a: b` and
 * `x # y` are not one value, and in a flow collection `,` or `]` ends it.
 */
import { stringify } from "yaml";

/** `value` plain where YAML reads it back as the same string (in a flow collection, one without `,[]{}`), otherwise double-quoted. */
export function yamlScalar(value: string, inFlow = false): string {
  const plain = stringify(value, { lineWidth: 0 }).replace(/\n$/, "");
  return plain === value && !value.includes("\n") && !(inFlow && /[,[\]{}]/.test(value)) ? value : JSON.stringify(value);
}
