import { execFileSync } from "node:child_process";
import path from "node:path";

/** The text of a PDF, extracted by pdf-parse (pdf.js) in a child process. */
export function pdfText(bytes: Uint8Array): string {
  return execFileSync(process.execPath, [path.join(__dirname, "pdf-text-cli.mjs")], { input: bytes, encoding: "utf8" });
}
