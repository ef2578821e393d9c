import fc from "fast-check";

/**
 * fast-check arbitraries from the JSON Schemas of an OpenAPI 3.1 document: values a schema
 * accepts, and values it refuses in exactly one place (each named, for the report). Only what the
 * document says is used; values seen in earlier answers (ids, account numbers) are mixed in so that
 * valid input reaches real resources, not only 404s.
 */

export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
};

/** A value the schema refuses and where: "amount: above maximum 100000000". */
export type Broken = { value: unknown; how: string };

/** Values seen in the run's own answers, offered to schemas that admit them. */
export type Pool = { integers: number[]; strings: string[] };

/** Longest string generated where the schema sets no bound (a request line stays readable). */
const FREE_LENGTH = 24;

export class SchemaArbitraries {
  constructor(
    private readonly root: unknown,
    private readonly pool: Pool,
  ) {}

  resolve(schema: Schema): Schema {
    let current = schema;
    for (let depth = 0; current.$ref && depth < 20; depth += 1) {
      const target = current.$ref
        .replace(/^#\//, "")
        .split("/")
        .map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"))
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], this.root);
      if (!target) throw new Error(`unresolvable $ref ${current.$ref}`);
      const rest = { ...current };
      delete rest.$ref;
      current = { ...(target as Schema), ...rest };
    }
    if (current.allOf) {
      const { allOf, ...rest } = current;
      return allOf.map((part) => this.resolve(part)).reduce<Schema>((merged, part) => mergeSchemas(merged, part), rest);
    }
    return current;
  }

  /** Values the schema accepts. */
  valid(input: Schema): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    if ("const" in schema) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((s) => this.valid(s)));
    switch (typeOf(schema)) {
      case "integer":
        return this.integer(schema);
      case "number":
        return fc.double({ min: lowerBound(schema) ?? -1e9, max: upperBound(schema) ?? 1e9, noNaN: true, noDefaultInfinity: true });
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "string":
        return this.string(schema);
      case "array":
        return fc.array(this.valid(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
      case "object":
        return this.object(schema);
      default:
        return fc.oneof(fc.string({ maxLength: FREE_LENGTH }), fc.integer(), fc.boolean());
    }
  }

  /**
   * Values the schema refuses, each broken in one place. Empty when the schema refuses nothing.
   * `asText`: the value travels as text (a parameter), so a number is no break of a string and an
   * empty value cannot be sent.
   */
  broken(input: Schema, where: string, asText = false): fc.Arbitrary<Broken>[] {
    const schema = this.resolve(input);
    const at = (how: string) => (where ? `${where}: ${how}` : how);
    const out: fc.Arbitrary<Broken>[] = [];
    const one = (value: unknown, how: string) => {
      if (!(asText && value === "")) out.push(fc.constant({ value, how: at(how) }));
    };
    if (schema.enum) {
      one(`${String(schema.enum[0] ?? "")}ZZ`, `a value outside the enum ${JSON.stringify(schema.enum)}`);
      return out;
    }
    if (schema.anyOf || schema.oneOf || "const" in schema) return out;
    const type = typeOf(schema);
    if (type && type !== "string") one(type === "object" ? "not an object" : "text", `a string where ${type} is required`);
    if (type === "string" && !asText) one(12345, "a number where a string is required");
    if (type === "integer") one(1.5, "a fraction where an integer is required");
    if (type === "integer" || type === "number") {
      if (schema.minimum !== undefined) one(schema.minimum - 1, `below minimum ${schema.minimum}`);
      if (schema.exclusiveMinimum !== undefined) one(schema.exclusiveMinimum, `not above exclusiveMinimum ${schema.exclusiveMinimum}`);
      if (schema.maximum !== undefined) one(schema.maximum + 1, `above maximum ${schema.maximum}`);
      if (schema.exclusiveMaximum !== undefined) one(schema.exclusiveMaximum, `not below exclusiveMaximum ${schema.exclusiveMaximum}`);
    }
    if (type === "string") {
      if (schema.minLength) one("x".repeat(schema.minLength - 1), `shorter than minLength ${schema.minLength}`);
      if (schema.maxLength !== undefined) one("x".repeat(schema.maxLength + 1), `longer than maxLength ${schema.maxLength}`);
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern, "u");
        const length = { minLength: Math.max(1, schema.minLength ?? 1), maxLength: Math.min(schema.maxLength ?? FREE_LENGTH, FREE_LENGTH) };
        if (length.minLength <= length.maxLength) {
          out.push(
            fc
              .string(length)
              .filter((s) => !pattern.test(s))
              .map((value) => ({ value, how: at(`not matching ${schema.pattern}`) })),
          );
        }
      }
    }
    if (type === "object") {
      const valid = this.valid(schema) as fc.Arbitrary<Record<string, unknown>>;
      for (const name of schema.required ?? []) {
        out.push(
          valid.map((value) => {
            const rest = { ...value };
            delete rest[name];
            return { value: rest, how: at(`required property '${name}' missing`) };
          }),
        );
      }
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        for (const brokenProperty of this.broken(property, where ? `${where}.${name}` : name)) {
          out.push(fc.tuple(valid, brokenProperty).map(([value, b]) => ({ value: { ...value, [name]: b.value }, how: b.how })));
        }
      }
      if (schema.additionalProperties === false) {
        out.push(valid.map((value) => ({ value: { ...value, unexpectedProperty: 1 }, how: at("a property the schema does not allow") })));
      }
    }
    return out;
  }

  private integer(schema: Schema): fc.Arbitrary<number> {
    const min = lowerBound(schema, 1) ?? -(2 ** 31);
    const max = upperBound(schema, 1) ?? 2 ** 31;
    const seen = this.pool.integers.filter((n) => n >= min && n <= max);
    const any = fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
    return seen.length ? fc.oneof(any, fc.constantFrom(...seen)) : any;
  }

  private string(schema: Schema): fc.Arbitrary<string> {
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? FREE_LENGTH, minLength + FREE_LENGTH));
    const fits = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity);
    let base: fc.Arbitrary<string>;
    if (schema.format === "email") base = fc.emailAddress();
    else if (schema.format === "date") base = fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    else if (schema.format === "date-time") base = fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString());
    else if (schema.format === "uuid") base = fc.uuid();
    else if (schema.pattern) base = fc.stringMatching(new RegExp(schema.pattern, "u"));
    else base = fc.string({ minLength, maxLength, unit: "grapheme-ascii" });
    const pattern = schema.pattern ? new RegExp(schema.pattern, "u") : null;
    const seen = this.pool.strings.filter((s) => fits(s) && (!pattern || pattern.test(s)));
    const any = base.filter(fits);
    return seen.length ? fc.oneof(any, fc.constantFrom(...seen)) : any;
  }

  private object(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
    const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, s]) => [name, this.valid(s)]));
    return fc.record(properties, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) }) as fc.Arbitrary<
      Record<string, unknown>
    >;
  }
}

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== "null");
  if (schema.type) return schema.type;
  if (schema.properties) return "object";
  return undefined;
}

function lowerBound(schema: Schema, step = 0): number | undefined {
  if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + (step || Number.EPSILON);
  return schema.minimum;
}

function upperBound(schema: Schema, step = 0): number | undefined {
  if (schema.exclusiveMaximum !== undefined) return schema.exclusiveMaximum - (step || Number.EPSILON);
  return schema.maximum;
}

function mergeSchemas(a: Schema, b: Schema): Schema {
  return {
    ...a,
    ...b,
    properties: a.properties || b.properties ? { ...a.properties, ...b.properties } : undefined,
    required: a.required || b.required ? [...(a.required ?? []), ...(b.required ?? [])] : undefined,
  };
}

/**
 * Whether every value the schema accepts is one a careful server must accept too: numbers and
 * booleans, and strings pinned by an enum, a const or a format. A free string or a pattern may
 * admit values the server refuses on grounds the document cannot state (an unknown address, a
 * date that does not exist), so a 400 for them is not held against it.
 */
export function isExact(arbitraries: SchemaArbitraries, input: Schema): boolean {
  const schema = arbitraries.resolve(input);
  if (schema.enum || "const" in schema) return true;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.every((s) => isExact(arbitraries, s));
  switch (typeOf(schema)) {
    case "integer":
    case "number":
    case "boolean":
    case "null":
      return true;
    case "string":
      return schema.format !== undefined && ["email", "date", "date-time", "uuid"].includes(schema.format);
    case "array":
      return isExact(arbitraries, schema.items ?? {});
    case "object":
      return Object.values(schema.properties ?? {}).every((s) => isExact(arbitraries, s));
    default:
      return false;
  }
}
