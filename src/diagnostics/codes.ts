/**
 * Every diagnostic code state51 can print, with its stage and a one-line
 * summary. Codes are stable: a designer's CI or editor may match on them.
 * S51-Exxx are errors; S51-Wxxx are warnings (S51-W401 is an error under
 * `validate --strict`). The README's table is checked against this list by a
 * test.
 */
export const codes = {
  "S51-E001": { stage: "load", summary: "the file cannot be read" },
  "S51-E002": { stage: "load", summary: "the file is not UTF-8 text (binary?)" },
  "S51-E003": { stage: "load", summary: "the file is too large for a card file" },
  "S51-E004": { stage: "load", summary: "YAML syntax error" },
  "S51-E005": { stage: "load", summary: "duplicate key in a YAML mapping" },
  "S51-E006": { stage: "load", summary: "too many YAML aliases (an alias bomb)" },
  "S51-E007": { stage: "load", summary: "the file is empty" },
  "S51-E008": { stage: "load", summary: "more than one YAML document in a file" },
  "S51-E101": { stage: "schema", summary: "a field has the wrong type" },
  "S51-E102": { stage: "schema", summary: "unknown field" },
  "S51-E103": { stage: "schema", summary: "missing required field" },
  "S51-E104": { stage: "schema", summary: "value not allowed (not one of the choices, or badly formed)" },
  "S51-E105": { stage: "schema", summary: "number or list size out of range" },
  "S51-E201": { stage: "parse", summary: "unexpected character in an ability" },
  "S51-E202": { stage: "parse", summary: "syntax error in an ability" },
  "S51-E203": { stage: "parse", summary: "an ability ends too early (or is empty)" },
  "S51-E301": { stage: "check", summary: "unknown word (resource, card type, colour, faction, …)" },
  "S51-E302": { stage: "check", summary: "statement not allowed in this field" },
  "S51-E303": { stage: "check", summary: "ability does not fit the card's pattern" },
  "S51-E304": { stage: "check", summary: "a production card or Base produces nothing" },
  "S51-E305": { stage: "check", summary: "a VP token is worth 1 or 2" },
  "S51-E306": { stage: "check", summary: "slots, depots and combos hold at most 3" },
  "S51-E307": { stage: "check", summary: "duplicate id" },
  "S51-E308": { stage: "check", summary: "contact range not allowed for its colour" },
  "S51-E309": { stage: "check", summary: "wrong worker count for an action" },
  "S51-E310": { stage: "check", summary: "faction rule broken (permanent contacts and Bases name a faction)" },
  "S51-E311": { stage: "check", summary: "the same statement twice in one field" },
  "S51-E312": { stage: "check", summary: "an amount must be 1 to 99" },
  "S51-E313": { stage: "check", summary: "a known word used where it means nothing" },
  "S51-E314": { stage: "check", summary: "a vocabulary id, word or printed name already means something else" },
  "S51-E315": { stage: "check", summary: "a contact colour names no action it performs" },
  "S51-E316": { stage: "check", summary: "a French elision flag does not fit its word (d'Essence, de Ferraille)" },
  "S51-E317": { stage: "check", summary: "two card types print the same icon" },
  "S51-E318": { stage: "check", summary: "a card type's icon or colour is not one the sheet can draw" },
  "S51-E319": { stage: "check", summary: "a rule a card changes (limit) is set out of its range" },
  "S51-E320": { stage: "check", summary: "a range change names a distance no Location has (distances are 1 to 3)" },
  "S51-E321": { stage: "check", summary: "a range change's amount is 0, has no sign, or is past -2 to +2" },
  "S51-E322": { stage: "check", summary: 'a range change names neither "distance N" nor "<card type> card"' },
  "S51-E328": { stage: "check", summary: "a trigger qualifier that does not fit its event (after pass distance 3)" },
  "S51-E329": { stage: "check", summary: "a trigger's distance is not 1 to 3" },
  "S51-E332": { stage: "check", summary: "a choice between effects offers the same option twice" },
  "S51-E335": { stage: "check", summary: "a condition (if …) where none is allowed (a cost, a contact, once:, a Base's production)" },
  "S51-E336": { stage: "check", summary: "a condition's count is 0, or counts what a condition cannot (you hold 2 vp)" },
  "S51-E337": { stage: "check", summary: "a production with a cost where none is allowed (a Base's production)" },
  "S51-E338": { stage: "check", summary: "a production with a cost pays in a resource it produces" },
  "S51-W401": { stage: "text", summary: "a part's generated text differs from its signed-off lock" },
} as const satisfies Record<string, { stage: string; summary: string }>;

export type Code = keyof typeof codes;
