/**
 * Writes an `Expr` with ts-morph's code-block writer, one property or call
 * per line, so a card reads like hand-written code and a change to one field
 * changes one line of the output.
 */
import type { CodeBlockWriter, WriterFunction } from "ts-morph";
import type { Arrow, ArrayLiteral, Expr, ObjectLiteral } from "./code.js";

export function writeExpr(writer: CodeBlockWriter, expr: Expr): void {
  switch (expr.kind) {
    case "literal":
      writer.write(expr.text);
      return;
    case "reference":
      writer.write(expr.name);
      return;
    case "object":
      writeObject(writer, expr);
      return;
    case "array":
      writeArray(writer, expr);
      return;
    case "arrow":
      writeArrow(writer, expr);
      return;
  }
}

/** Objects of words and numbers stay on one line (`{ en: "Pub", fr: "Pub" }`); others take one line per property. */
function writeObject(writer: CodeBlockWriter, o: ObjectLiteral): void {
  if (o.properties.length === 0) {
    writer.write("{}");
    return;
  }
  if (o.properties.every(([, value]) => value.kind === "literal")) {
    writer.write("{ ");
    o.properties.forEach(([name, value], i) => {
      if (i > 0) writer.write(", ");
      writer.write(`${name}: `);
      writeExpr(writer, value);
    });
    writer.write(" }");
    return;
  }
  writer.write("{").newLine();
  writer.indent(() => {
    for (const [name, value] of o.properties) {
      writer.write(`${name}: `);
      writeExpr(writer, value);
      writer.write(",").newLine();
    }
  });
  writer.write("}");
}

/** Lists of words stay on one line; lists of objects or of declarations take one line each. */
function writeArray(writer: CodeBlockWriter, a: ArrayLiteral): void {
  if (a.items.every((item) => item.kind === "literal")) {
    writer.write("[");
    a.items.forEach((item, i) => {
      if (i > 0) writer.write(", ");
      writeExpr(writer, item);
    });
    writer.write("]");
    return;
  }
  writer.write("[").newLine();
  writer.indent(() => {
    for (const item of a.items) {
      writeExpr(writer, item);
      writer.write(",").newLine();
    }
  });
  writer.write("]");
}

function writeArrow(writer: CodeBlockWriter, f: Arrow): void {
  if (f.calls.length === 0) {
    writer.write("() => {}");
    return;
  }
  writer.write(`(${f.parameter}) => {`).newLine();
  writer.indent(() => {
    for (const c of f.calls) {
      writer.write(`${f.parameter}.${c.method}(`);
      c.args.forEach((arg, i) => {
        if (i > 0) writer.write(", ");
        writeExpr(writer, arg);
      });
      writer.write(");").newLine();
    }
  });
  writer.write("}");
}

/** The expression as a ts-morph writer function, for an initializer. */
export function exprWriter(expr: Expr): WriterFunction {
  return (writer) => writeExpr(writer, expr);
}
