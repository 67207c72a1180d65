/**
 * The compiled JSON Schema validator for card files.
 *
 * Compiling the schema takes ajv about 60 ms, most of a CLI run's budget, so
 * the bundled CLI does not run this module: src/cli/bundle.mjs swaps it for
 * ajv's standalone code, compiled once at bundle time from the same schema
 * with the same options (`ajvOptions`). Tests run this module as written.
 */
import { Ajv, type Options, type ValidateFunction } from "ajv";
import schema from "../../grammar/cards.schema.json" with { type: "json" };
import type { CardFileData } from "./card-file.js";

/** `verbose` gives errors their parent schema, which the hints ("did you mean") read. */
export const ajvOptions: Options = { allErrors: true, discriminator: true, strict: false, verbose: true };

export function compileCardFileValidator(): ValidateFunction<CardFileData> {
  return new Ajv(ajvOptions).compile<CardFileData>(schema);
}
