import { z } from "zod";
import type { Check, Spec } from "@/lib/shared/api/check";

/**
 * The zod schema of an answer declared with the browser's small checker (lib/shared/api/dtos.ts):
 * the server holds its answers to it and the OpenAPI document describes it, so both sides read one
 * declaration. The same check always gives the same schema object.
 */
export function zodOf<T>(check: Check<T>): z.ZodType<T> {
  let schema = made.get(check);
  if (!schema) made.set(check, (schema = fromSpec(check.spec)));
  return schema as z.ZodType<T>;
}

const made = new WeakMap<Check<unknown>, z.ZodType>();

function fromSpec(spec: Spec): z.ZodType {
  switch (spec.kind) {
    case "string":
      return spec.minLength === undefined ? z.string() : z.string().min(spec.minLength);
    case "number":
      return z.number();
    case "int":
      return z.number().int();
    case "boolean":
      return z.boolean();
    case "unknown":
      return z.unknown();
    case "oneOf": {
      const [first, ...rest] = spec.values;
      if (rest.length === 0) return z.literal(first);
      // Every fixed-value set of the answers is strings (currencies, kinds, statuses).
      return z.enum(spec.values as [string, ...string[]]);
    }
    case "optional":
      return fromSpec(spec.inner).optional();
    case "nullable":
      return fromSpec(spec.inner).nullable();
    case "array":
      return z.array(fromSpec(spec.item));
    case "object":
      return z.object(Object.fromEntries(Object.entries(spec.shape).map(([key, inner]) => [key, fromSpec(inner)])));
  }
}
