// Prints the text of the PDF read from stdin (pdf-parse). A separate process: pdf.js loads its
// worker with a dynamic import, which jest's module system does not run.
import { PDFParse } from "pdf-parse";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
const { text } = await parser.getText();
await parser.destroy();
process.stdout.write(text);
