/**
 * The catalog of every diagnostic state51 can print, in the manner of the
 * TypeScript compiler's diagnosticMessages.json: each code has one message
 * template (named placeholders in braces, filled by `message` in
 * catalog.ts, which the compiler checks: a missing, extra or misspelled
 * argument does not type-check), its category, its stage and a one-line
 * summary (the README's table, checked against this list by a test).
 *
 * Codes are stable: a designer's CI or editor may match on them, so a code
 * means one thing and is never reused for another. S51-Exxx are errors;
 * S51-Wxxx are warnings (S51-W401 is an error under `validate --strict`).
 * Hints stay with the code that reports them: they name the fix for the case
 * at hand (a did-you-mean, the allowed words).
 */
export const codes = {
  "S51-E001": { stage: "load", category: "error", summary: "the file cannot be read", message: "cannot read the file ({reason})" },
  "S51-E002": { stage: "load", category: "error", summary: "the file is not UTF-8 text (binary?)", message: "the file is not UTF-8 text: {why}" },
  "S51-E003": { stage: "load", category: "error", summary: "the file is too large for a card file", message: "the file is over {limit} MB, the most a card file may be" },
  // S51-E004, E202 and E203 relay the message of another component (the YAML
  // library, the chevrotain parser) whole, as TypeScript's {0} does: that
  // component words it, and a code of ours could not name each of its cases.
  "S51-E004": { stage: "load", category: "error", summary: "YAML syntax error", message: "{problem}" },
  "S51-E005": { stage: "load", category: "error", summary: "duplicate key in a YAML mapping", message: 'the key "{key}" appears twice in this mapping' },
  "S51-E006": { stage: "load", category: "error", summary: "too many YAML aliases (an alias bomb)", message: "the YAML aliases expand too far (an alias bomb?)" },
  "S51-E007": { stage: "load", category: "error", summary: "the file is empty", message: "the file is empty" },
  "S51-E008": { stage: "load", category: "error", summary: "more than one YAML document in a file", message: "a card file holds one YAML document" },
  "S51-E009": { stage: "load", category: "error", summary: "a YAML tag (`!!int`, `!!js/function`): tags are refused, a card file is plain data", message: 'YAML tags are not allowed: "{tag}"' },
  "S51-E010": { stage: "load", category: "error", summary: "a YAML merge key (`<<: *base`): merge keys are refused, write the fields out", message: "YAML merge keys (<<) are not allowed" },
  "S51-E011": { stage: "load", category: "error", summary: "an invisible or control character (U+2028, U+FEFF, NUL, ESC, a bidi control, a tag character, a Hangul filler, …) in the text", message: "the invisible character {codePoint} ({name}) is not allowed in a card file" },
  "S51-E012": { stage: "load", category: "error", summary: "a folder given to a command holds no card files", message: "no card files (*.yaml, *.yml) in this folder" },
  "S51-E013": { stage: "load", category: "error", summary: "lines end with a lone carriage return (CR, classic Mac OS line endings)", message: "the lines of this file end with a lone carriage return (CR)" },
  "S51-E014": { stage: "load", category: "error", summary: "not a regular file (a folder, a pipe, a device, a socket)", message: "this is {what}, not a card file" },
  "S51-E015": { stage: "load", category: "error", summary: "more than 20 problems in one field: the rest are counted, not shown", message: "{count} more errors in this field, not shown" },
  "S51-E016": { stage: "load", category: "error", summary: "more than 100 problems in one file: the rest are counted, not shown", message: "{count} more problems in this file, not shown ({errors} errors)" },
  "S51-E101": { stage: "schema", category: "error", summary: "a field has the wrong type", message: "{name} must be {type}, found {found}" },
  "S51-E102": { stage: "schema", category: "error", summary: "unknown field", message: "unknown field `{field}`" },
  "S51-E103": { stage: "schema", category: "error", summary: "missing required field", message: "missing field `{field}`" },
  "S51-E104": { stage: "schema", category: "error", summary: "value not allowed (not one of the choices, or badly formed)", message: "{name} cannot be {value}" },
  "S51-E105": { stage: "schema", category: "error", summary: "number or list size out of range", message: "{name} must be {bound}, not {found}" },
  "S51-E106": { stage: "schema", category: "error", summary: "a tab or line break in one-line text (a name, a word's `one:` or `other:`, a Lookout ability's text): each prints on one line", message: "{name} is one line of text: it cannot hold {what} ({codePoint})" },
  "S51-E201": { stage: "parse", category: "error", summary: "unexpected character in an ability", message: "unexpected character {char}" },
  "S51-E202": { stage: "parse", category: "error", summary: "syntax error in an ability", message: "{parserMessage}" },
  "S51-E203": { stage: "parse", category: "error", summary: "an ability ends too early (or is empty)", message: "{parserMessage}" },
  "S51-E204": { stage: "parse", category: "error", summary: "an unknown word where a statement begins (the hint lists the statements that field takes)", message: 'unknown statement "{word}"' },
  "S51-E301": { stage: "check", category: "error", summary: "unknown word (resource, card type, colour, faction, …)", message: 'unknown {what} "{word}"' },
  "S51-E302": { stage: "check", category: "error", summary: "statement not allowed in this field", message: '"{statement}" is not allowed in {where}' },
  "S51-E303": { stage: "check", category: "error", summary: "a statement the card's pattern does not take (a trait on an action card, `produce` on a trait card)", message: '{card} takes no {what} ("{statement}")' },
  "S51-E304": { stage: "check", category: "error", summary: "a production card or Base produces nothing", message: "{card} must produce something" },
  "S51-E305": { stage: "check", category: "error", summary: "a VP token is worth 1 or 2", message: "a VP token is worth 1 or 2, not {value}" },
  "S51-E306": { stage: "check", category: "error", summary: "slots, depots and combos hold at most 3", message: "{what} must be {range}, not {value}" },
  "S51-E307": { stage: "check", category: "error", summary: "duplicate id", message: 'duplicate id "{id}"' },
  "S51-E308": { stage: "check", category: "error", summary: "contact range not allowed for its colour", message: "a {colour} range is {allowed}, not {range}" },
  "S51-E309": { stage: "check", category: "error", summary: "wrong worker count for an action", message: "this action cannot {what}" },
  "S51-E310": { stage: "check", category: "error", summary: "a permanent contact names no faction", message: "a permanent contact belongs to a faction" },
  "S51-E311": { stage: "check", category: "error", summary: "the same statement twice in one field", message: "{what} is given twice" },
  "S51-E312": { stage: "check", category: "error", summary: "an amount must be 1 to 99", message: "{what} must be 1 to {max}, not {value}" },
  "S51-E313": { stage: "check", category: "error", summary: "a cost names what cannot be paid (VP, a redevelopment token, `resource`)", message: '"{word}" cannot be paid' },
  "S51-E314": { stage: "check", category: "error", summary: "an expansion's vocabulary id, word or printed name is already another loaded file's", message: 'the {field} "{text}" is already the {otherField} of {noun} "{id}" in {where}' },
  "S51-E315": { stage: "check", category: "error", summary: "a contact colour names no action it performs", message: 'contact colour "{id}" names no action it performs' },
  "S51-E316": { stage: "check", category: "error", summary: "a French elision flag does not fit its word (d'Essence, de Ferraille)", message: '{noun} "{id}": elision: {elision} does not fit its French name "{name}"' },
  "S51-E317": { stage: "check", category: "error", summary: "two card types print the same icon", message: 'card type "{id}" prints the same icon as "{other}": {shape}' },
  "S51-E318": { stage: "check", category: "error", summary: "a card type's icon `path` is not SVG path data", message: "`path` is not SVG path data: {reason}" },
  "S51-E319": { stage: "check", category: "error", summary: "a rule a card changes (limit) is set out of its range", message: "a {limit} limit must be {min} to {max}, not {value}" },
  "S51-E320": { stage: "check", category: "error", summary: "a range change names a distance no Location has (distances are 1 to 3)", message: "no Location is at distance {distance}" },
  "S51-E321": { stage: "check", category: "error", summary: "a range change's amount is 0, has no sign, or is past -2 to +2", message: "a range change is -2, -1, +1 or +2, not {written}" },
  "S51-E322": { stage: "check", category: "error", summary: "a range change names neither `distance N` nor `<card type> card`", message: 'a range change is for "distance N" or "<card type> card", not "{written}"' },
  "S51-E324": { stage: "check", category: "error", summary: "a Base's power mixes a worker action with traits", message: 'a Base\'s power is a worker action or traits, not both ("{action}" and "{traits}")' },
  "S51-E328": { stage: "check", category: "error", summary: "a trigger qualifier that does not fit its event (after pass distance 3)", message: '"after {event}" takes no {qualifier}: {why}' },
  "S51-E329": { stage: "check", category: "error", summary: "a trigger's distance is not 1 to 3", message: "a trigger's distance is 1, 2 or 3, not {value}" },
  "S51-E332": { stage: "check", category: "error", summary: "a choice between effects offers the same option twice", message: "a choice offers the same option twice" },
  "S51-E333": { stage: "check", category: "error", summary: "an amount that scales (`per …`) where the amount is as printed: a cost, a contact token, a Leader's resources", message: '{what} cannot scale ("{scale} …")' },
  "S51-E334": { stage: "check", category: "error", summary: "`per` counts something a player does not have a number of (`vp`, `worker`, a card with no type)", message: 'per cannot count "{word}"{why}' },
  "S51-E339": { stage: "check", category: "error", summary: "the count of `per N` is not 1 to 10, or more than a player can have (`per 2 leaders`)", message: 'the count in "per {count} {what}" must be {range}' },
  "S51-E335": { stage: "check", category: "error", summary: "a condition (`if …`) where none is allowed (a cost, a contact, `once:`, a Base's production)", message: '{what} takes no condition ("if …")' },
  "S51-E336": { stage: "check", category: "error", summary: "a condition's count is 0, or counts what a condition cannot (`you hold 2 vp`)", message: 'a condition cannot count "{written}"' },
  "S51-E337": { stage: "check", category: "error", summary: "a production with a cost where none is allowed (a Base's production)", message: "a Base's production has no cost" },
  "S51-E338": { stage: "check", category: "error", summary: "a production with a cost pays in a resource it produces (`produce: pay 1 fuel -> 2 fuel`)", message: "a production pays {resource} to produce {resource}" },
  "S51-E340": { stage: "check", category: "error", summary: "a contact token asked as a cost", message: "a contact token cannot be paid as a cost" },
  "S51-E341": { stage: "check", category: "error", summary: "the `x` multiplier on what is not a VP or contact token (`2 x 1 scrap`)", message: '"x" counts VP or contact tokens, not {word}' },
  "S51-E342": { stage: "check", category: "error", summary: "a gain names what a card cannot give", message: '"{word}" is not something a card gives' },
  "S51-E343": { stage: "check", category: "error", summary: "a combo names a resource that is not basic (`universal`)", message: "a combo holds basic resources, not {word}" },
  "S51-E344": { stage: "check", category: "error", summary: "a Base's `slots` hold something other than deals", message: "a Base's slots hold deals (Spoils or Agreements)" },
  "S51-E345": { stage: "check", category: "error", summary: "a Leader's `resources` field holds something other than resources", message: "a Leader's resources field holds resources only" },
  "S51-E346": { stage: "check", category: "error", summary: "a contact's price asks for workers or deals", message: "a contact's price is resources or cards, not {what}" },
  "S51-E347": { stage: "check", category: "error", summary: "a list gives the same resource twice (`produce 99 scrap, 99 scrap`): the 1 to 99 rule is for the sum", message: '"{word}" is listed twice: write it once, with the sum' },
  "S51-E348": { stage: "check", category: "error", summary: "an action card with no worker action, or a trait card with no trait", message: "{card} needs {what}" },
  "S51-E349": { stage: "check", category: "error", summary: "a Leader with no ability or more than one (`after …` or an action)", message: 'a Leader has one ability ("after …" or an action), found {count}' },
  "S51-E350": { stage: "check", category: "error", summary: "a one-time contact names a faction", message: "a one-time contact belongs to no faction" },
  "S51-E351": { stage: "check", category: "error", summary: "a second Base for one faction", message: 'faction "{faction}" already has a Base ("{base}")' },
  "S51-E352": { stage: "check", category: "error", summary: "a vocabulary id defined twice", message: '{noun} "{id}" is already defined' },
  "S51-E353": { stage: "check", category: "error", summary: "a vocabulary word that is a keyword of the card language", message: '"{keyword}" is a keyword of the card language and cannot be a {noun}' },
  "S51-E354": { stage: "check", category: "error", summary: "a vocabulary word that already means another entry of its section", message: 'the word "{word}" already means {noun} "{id}"' },
  "S51-E355": { stage: "check", category: "error", summary: "an expansion names tokens, trigger events or Lookout abilities (the engine's own)", message: "{things} are the engine's own and come from the base vocabulary" },
  "S51-E356": { stage: "check", category: "error", summary: "a contact colour's action is not one a contact performs", message: '"{action}" is not an action a contact performs' },
  "S51-E357": { stage: "check", category: "error", summary: "`h:` on a French name that does not begin with h", message: '{noun} "{id}" has h: {h}, but its French name "{name}" does not begin with h' },
  "S51-E358": { stage: "check", category: "error", summary: "a card type's icon is both a glyph and a path", message: "an icon is a glyph or a path, not both" },
  "S51-E359": { stage: "check", category: "error", summary: "a card type's icon names a glyph the sheet does not have", message: 'unknown glyph "{glyph}"' },
  "S51-E360": { stage: "check", category: "error", summary: "a card type's icon is neither a glyph nor a path", message: "an icon needs a `glyph` or a `path`" },
  "S51-E361": { stage: "check", category: "error", summary: "a card type's colour is empty (unquoted, `#` starts a YAML comment)", message: "`colour` is empty" },
  "S51-E362": { stage: "check", category: "error", summary: "a card type's colour is not `\"#rrggbb\"`", message: 'colour "{colour}" is not "#rrggbb"' },
  "S51-E363": { stage: "check", category: "error", summary: "an `icon` or `colour` on a vocabulary entry that is not a card type", message: "a {noun} has no `{field}`: only card types are drawn as tiles" },
  "S51-E364": { stage: "check", category: "error", summary: "a vocabulary id that every JavaScript object already has as a property (`constructor`)", message: '"{id}" cannot be a {noun} id: the compiled cards keep {noun}s by id, and every JavaScript object already has a "{id}"' },
  "S51-W401": { stage: "text", category: "warning", summary: "a part's generated text differs from its signed-off lock (an error with `--strict`)", message: 'the {language} {part} text of "{id}" differs from its signed-off lock: {diff}' },
  "S51-W402": { stage: "check", category: "warning", summary: "a placeholder left in a card (a value marked `# TODO` by `state51 new`; an error with `--strict`)", message: 'the `{field}` of "{id}" is a placeholder: {todo}' },
} as const satisfies Record<string, { stage: string; category: "error" | "warning"; summary: string; message: string }>;

export type Code = keyof typeof codes;
