/**
 * A few-hundred-byte checker for the server's JSON answers. zod is built to be tree-shaken, but the
 * bundler keeps all of its core (about 24 KB gzip even for `zod/mini`), and the answers only need:
 * objects of strings, numbers, integers, booleans, nullables, fixed values and arrays. Like zod, an
 * object check keeps only the declared keys.
 *
 * Each check also says what it is (`spec`): the server turns the same declarations into zod
 * schemas (lib/shared/schemas/from-check.ts) for its contracts and the OpenAPI document, so an
 * answer's shape is written once (lib/shared/api/dtos.ts) for both sides.
 */

/** What a check accepts, as data. */
export type Spec =
  | { kind: "string"; minLength?: number }
  | { kind: "number" | "int" | "boolean" | "unknown" }
  | { kind: "oneOf"; values: readonly (string | number | boolean)[] }
  | { kind: "nullable"; inner: Spec }
  | { kind: "optional"; inner: Spec }
  | { kind: "array"; item: Spec }
  | { kind: "object"; shape: Record<string, Spec> };

/**
 * A check of an unknown value; `parse` returns it typed or throws `ResponseShapeError`. The path
 * is where the value sits in the whole answer, for the error message.
 */
export type Check<T> = { parse(data: unknown, path?: string): T; readonly spec: Spec };
export type Infer<C> = C extends Check<infer T> ? T : never;

/** The answer does not have the expected shape; `path` says where (`[0].currency`). */
export class ResponseShapeError extends Error {
  constructor(
    readonly path: string,
    expected: string,
  ) {
    super(`Unexpected response at ${path || "(root)"}: expected ${expected}`);
    this.name = "ResponseShapeError";
  }
}

function make<T>(spec: Spec, parse: (data: unknown, path: string) => T): Check<T> {
  return { spec, parse: (data, path = "") => parse(data, path) };
}

function primitive<T>(spec: Spec, expected: string, ok: (value: unknown) => boolean): Check<T> {
  return make(spec, (data, path) => {
    if (!ok(data)) throw new ResponseShapeError(path, expected);
    return data as T;
  });
}

export const string = primitive<string>({ kind: "string" }, "string", (v) => typeof v === "string");
/** A string of at least one character. */
export const nonEmptyString = primitive<string>(
  { kind: "string", minLength: 1 },
  "non-empty string",
  (v) => typeof v === "string" && v.length > 0,
);
export const number = primitive<number>({ kind: "number" }, "number", (v) => typeof v === "number" && Number.isFinite(v));
/** A safe integer, as zod's `int()` means it. */
export const int = primitive<number>({ kind: "int" }, "integer", (v) => Number.isSafeInteger(v));
export const boolean = primitive<boolean>({ kind: "boolean" }, "boolean", (v) => typeof v === "boolean");
/** Accepts anything, for answers the client does not read. */
export const unknown = make<unknown>({ kind: "unknown" }, (data) => data);

export function oneOf<const V extends readonly (string | number | boolean)[]>(values: V): Check<V[number]> {
  return primitive({ kind: "oneOf", values }, values.join(" | "), (v) => values.includes(v as V[number]));
}

export function nullable<T>(inner: Check<T>): Check<T | null> {
  return make({ kind: "nullable", inner: inner.spec }, (data, path) => (data === null ? null : inner.parse(data, path)));
}

/** A key that may be left out (zod's `optional()`): absent or undefined stays absent. */
export type Optional<T> = Check<T | undefined> & { readonly optional: true };

export function optional<T>(inner: Check<T>): Optional<T> {
  return { ...make({ kind: "optional", inner: inner.spec }, (data, path) => (data === undefined ? undefined : inner.parse(data, path))), optional: true };
}

type OptionalKeys<S> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S];
type Flat<T> = { [K in keyof T]: T[K] };
/** The checked object: required keys, and `?:` keys for the optional ones. */
type Shaped<S> = Flat<{ [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }>;

export function array<T>(item: Check<T>): Check<T[]> {
  return make({ kind: "array", item: item.spec }, (data, path) => {
    if (!Array.isArray(data)) throw new ResponseShapeError(path, "array");
    return data.map((value, i) => item.parse(value, `${path}[${i}]`));
  });
}

export function object<S extends Record<string, Check<unknown>>>(
  shape: S,
): Check<Shaped<S>> & { readonly shape: S } {
  const spec: Spec = { kind: "object", shape: Object.fromEntries(Object.entries(shape).map(([k, c]) => [k, c.spec])) };
  const check = make(spec, (data, path) => {
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      throw new ResponseShapeError(path, "object");
    }
    const source = data as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      const value = shape[key].parse(source[key], path ? `${path}.${key}` : key);
      if (value !== undefined || !("optional" in shape[key])) out[key] = value;
    }
    return out as Shaped<S>;
  });
  return { ...check, shape };
}
