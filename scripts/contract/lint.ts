import { Document, Spectral, type RulesetDefinition, type RulesetFunction } from "@stoplight/spectral-core";
import { truthy } from "@stoplight/spectral-functions";
import { Json } from "@stoplight/spectral-parsers";
import { oas } from "@stoplight/spectral-rulesets";

/**
 * The document's own quality: Spectral's `spectral:oas` ruleset (its recommended rules, plus tag
 * descriptions) and the rules a money API's clients rely on. Every finding counts — the promise is
 * 0 errors and 0 warnings.
 */

type Schema = { $ref?: string; allOf?: Schema[]; properties?: Record<string, Schema>; enum?: unknown[] };

/** The `code` values an error response's schema allows, or null when it names none. */
function errorCodes(schema: Schema | undefined): unknown[] | null {
  if (!schema) return null;
  if (schema.properties?.code?.enum) return schema.properties.code.enum;
  for (const part of schema.allOf ?? []) {
    const codes = errorCodes(part);
    if (codes) return codes;
  }
  return null;
}

const refersToError = (schema: Schema | undefined): boolean =>
  schema?.$ref === "#/components/schemas/Error" || (schema?.allOf ?? []).some(refersToError);

/** An error answer (4xx/5xx) is the shared Error object and lists the codes it may carry. */
const errorResponseListsCodes: RulesetFunction<{ content?: Record<string, { schema?: Schema }> }> = (response) => {
  const schema = response?.content?.["application/json"]?.schema;
  if (!schema) return [{ message: "An error response must be JSON." }];
  const problems = [];
  if (!refersToError(schema)) problems.push({ message: "An error response must use #/components/schemas/Error." });
  const codes = errorCodes(schema);
  if (!codes || codes.length === 0) problems.push({ message: "An error response must list its `code` values (an enum)." });
  return problems;
};

/** A success answer says what it carries: a media type with a schema. */
const successResponseHasContent: RulesetFunction<{ content?: Record<string, { schema?: unknown }> }> = (response) => {
  const media = Object.values(response?.content ?? {});
  return media.length > 0 && media.every((m) => m.schema !== undefined)
    ? []
    : [{ message: "A success response must name its media type and schema." }];
};

/** An operation that needs a token documents the 401 a missing one gets. */
const securedOperationAnswers401: RulesetFunction<{ security?: unknown[]; responses?: Record<string, unknown> }> = (operation, _options, context) => {
  const global = (context.document.data as { security?: unknown[] }).security ?? [];
  const security = operation?.security ?? global;
  return security.length > 0 && !operation?.responses?.["401"] ? [{ message: "A secured operation must document 401." }] : [];
};

const OPERATIONS = "$.paths[*][get,put,post,delete,patch,head,options]";

export const ruleset: RulesetDefinition = {
  extends: [[oas as RulesetDefinition, "recommended"]],
  rules: {
    "tag-description": "warn",
    "minibank-error-response-lists-codes": {
      description: "Every error response is the Error object with the list of its codes.",
      message: "{{error}}",
      severity: "error",
      // The unresolved document: whether the answer refers to the shared Error object matters.
      resolved: false,
      given: `${OPERATIONS}.responses[?(@property.match(/^[45]/))]`,
      then: { function: errorResponseListsCodes },
    },
    "minibank-success-response-has-content": {
      description: "Every success response names its media type and schema.",
      message: "{{error}}",
      severity: "error",
      given: `${OPERATIONS}.responses[?(@property.match(/^2/))]`,
      then: { function: successResponseHasContent },
    },
    "minibank-secured-operation-documents-401": {
      description: "Every operation that needs a token documents 401.",
      message: "{{error}}",
      severity: "error",
      given: OPERATIONS,
      then: { function: securedOperationAnswers401 },
    },
    "minibank-operation-summary": {
      description: "Every operation has a summary (the one-line name clients show).",
      severity: "error",
      given: OPERATIONS,
      then: { field: "summary", function: truthy },
    },
  },
};

export type Finding = { severity: "error" | "warning" | "info" | "hint"; code: string; path: string; message: string };

const SEVERITIES = ["error", "warning", "info", "hint"] as const;

/** Every finding of the ruleset on the document's JSON text. */
export async function lintDocument(text: string): Promise<Finding[]> {
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  const results = await spectral.run(new Document(text, Json, "openapi.json"));
  return results.map((r) => ({
    severity: SEVERITIES[r.severity] ?? "hint",
    code: String(r.code),
    path: r.path.join("."),
    message: r.message,
  }));
}
