/**
 * The railroad diagram of the card language, drawn by chevrotain from the
 * parser itself (so it cannot drift from the grammar), served from local
 * copies of chevrotain's diagram scripts: no network needed to view it.
 */
import { createSyntaxDiagramsCode } from "chevrotain";
import { abilityParser } from "./parser.js";

/** Folder (beside the HTML file) holding chevrotain's diagram scripts and CSS. */
export const diagramAssetsDir = "grammar-diagrams";

/** The chevrotain files the page loads, relative to chevrotain's diagrams/ folder. */
export const diagramAssets = [
  "vendor/railroad-diagrams.js",
  "src/diagrams_builder.js",
  "src/diagrams_behavior.js",
  "src/main.js",
  "diagrams.css",
] as const;

export function grammarDiagramHtml(): string {
  return createSyntaxDiagramsCode(abilityParser.getSerializedGastProductions(), {
    resourceBase: `./${diagramAssetsDir}/`,
    css: `./${diagramAssetsDir}/diagrams.css`,
  });
}
