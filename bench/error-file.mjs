// A card file just under the 1 MB limit in which every card is wrong (a run of characters
// the lexer refuses, a syntax error, an unknown word): what validating must do in linear time.
// Shared by bench/run.mjs and test/input-limits.test.ts.

/** The file's text: cards in turn of the three kinds of error, as many as fit in `bytes`. */
export function errorFileText(bytes = 1020 * 1024) {
  const lines = ["set: test", "cards:"];
  let size = 20;
  for (let i = 0; ; i++) {
    const ability = i % 3 === 0 ? Array(200).fill("§").join(" ") : i % 3 === 1 ? "produce produce 3 3 -> ->" : "produce 2 fule";
    const card = [`  - id: c${i}`, "    kind: location", "    name: { en: T, fr: T }", "    distance: 1", "    types: [scrap]", "    spoils: gain 2 scrap", "    agreement: gain 1 scarp", "    pattern: closed-production", `    ability: "${ability}"`];
    const cardBytes = card.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
    if (size + cardBytes > bytes) break;
    size += cardBytes;
    lines.push(...card);
  }
  return lines.join("\n") + "\n";
}
