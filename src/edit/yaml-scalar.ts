/**
 * The one rule for writing a string into a card file as YAML source (`state51
 * fmt`, `new`, `locks accept`): plain only when both YAML 1.2 (this toolkit)
 * and YAML 1.1 (PyYAML and many translators' scripts) read the plain form back
 * as the same string; otherwise in double quotes. Text written plain as it is
 * can read back as something else: `true`, `null` and `1.5` are not strings,
 * nor in YAML 1.1 are `On`, `N`, `yes` or `2024-01-01`; `a: b` and `x # y` are
 * not one value, and in a flow collection `,` or `]` ends it.
 */
import { parseDocument, stringify } from "yaml";

/** Whether a YAML 1.1 reader reads `value`, written plain, as the same string (not a boolean, number, date or null). */
function sameInYaml11(value: string): boolean {
  const doc = parseDocument(value, { version: "1.1", logLevel: "silent" });
  return doc.errors.length === 0 && doc.toJS() === value;
}

/** Whether `value` may be written plain on a line of its own: YAML 1.2 and 1.1 both read it back as the same string. */
export function plainReadsBack(value: string): boolean {
  return !value.includes("\n") && stringify(value, { lineWidth: 0 }).replace(/\n$/, "") === value && sameInYaml11(value);
}

/** `value` plain where YAML reads it back as the same string (in a flow collection, one without `,[]{}`), otherwise double-quoted. */
export function yamlScalar(value: string, inFlow = false): string {
  return plainReadsBack(value) && !(inFlow && /[,[\]{}]/.test(value)) ? value : JSON.stringify(value);
}
