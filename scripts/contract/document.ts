import Ajv2020, { type ErrorObject } from "ajv/dist/2020";
import addFormats from "ajv-formats";

/**
 * The OpenAPI 3.1 document under test and the JSON Schema 2020-12 validator built from it: every
 * answer is checked against the schema the document gives for its operation and status.
 */

type Media = { schema?: unknown };
type Response = { content?: Record<string, Media>; headers?: Record<string, { schema?: unknown }> };
export type Operation = { responses?: Record<string, Response> };
export type OpenApi = { openapi?: string; paths?: Record<string, Record<string, Operation>> };

const DOC_ID = "https://contract.minibank.local/openapi.json";

/** A JSON pointer segment inside a URI fragment. */
const segment = (text: string) => encodeURIComponent(text.replace(/~/g, "~0").replace(/\//g, "~1"));

function describe(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || "(body)"} ${e.message}${e.params && "additionalProperty" in e.params ? ` '${String(e.params.additionalProperty)}'` : ""}`)
    .join("; ");
}

export class ContractDocument {
  private readonly ajv: Ajv2020;

  constructor(readonly doc: OpenApi) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ ...doc, $id: DOC_ID });
  }

  operation(method: string, path: string): Operation | undefined {
    return this.doc.paths?.[path]?.[method.toLowerCase()];
  }

  /** Problems with one answer, in words; empty when the document accepts it. */
  check(method: string, path: string, answer: { status: number; contentType: string; body: unknown; headers: Headers }): string[] {
    const op = this.operation(method, path);
    if (!op) return [`${method} ${path} is not in the document`];
    const documented = op.responses?.[String(answer.status)] ? String(answer.status) : op.responses?.default ? "default" : null;
    if (!documented) return [`status ${answer.status} is not documented for ${method} ${path}`];
    const response = op.responses![documented];
    const problems: string[] = [];
    const base = `${DOC_ID}#/paths/${segment(path)}/${method.toLowerCase()}/responses/${documented}`;
    const json = response.content?.["application/json"];
    if (json) {
      if (!answer.contentType.startsWith("application/json")) problems.push(`content-type is '${answer.contentType}', not application/json`);
      else if (json.schema !== undefined) {
        const validate = this.ajv.getSchema(`${base}/content/${segment("application/json")}/schema`);
        if (!validate) problems.push("the document's schema for this answer cannot be compiled");
        else if (!validate(answer.body)) problems.push(`body: ${describe(validate.errors)}`);
      }
    } else if (response.content) {
      const types = Object.keys(response.content);
      if (!types.some((type) => answer.contentType.startsWith(type))) problems.push(`content-type is '${answer.contentType}', not ${types.join(" or ")}`);
    }
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const value = answer.headers.get(name);
      if (value === null || header.schema === undefined) continue;
      const validate = this.ajv.getSchema(`${base}/headers/${segment(name)}/schema`);
      if (validate && !validate(value)) problems.push(`header ${name}: ${describe(validate.errors)}`);
    }
    return problems;
  }
}
