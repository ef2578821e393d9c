import pino from "pino";
import { processState } from "@/lib/server/platform/process-state";

/** E-mail addresses, JWTs and long opaque tokens, wherever they appear in free text. */
const SECRET_PATTERNS: [RegExp, string][] = [
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "[email]"],
  [/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, "[jwt]"],
  // Bot tokens (<bot id>:<secret>), e.g. inside a Bot API URL a network error quotes.
  [/\b\d{5,}:[\w-]{20,}/g, "[bot-token]"],
  [/\b(hash|signature|init_data|access_token|refresh_token)=[^&\s"']+/gi, "$1=[redacted]"],
];

export function maskSecrets(text: string): string {
  return SECRET_PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/**
 * Errors keep their stack in logs (never in response bodies), but their text is masked: a
 * library error message may quote the arguments it was given, e-mail addresses included.
 */
function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (!serialized || typeof serialized !== "object") {
    return typeof serialized === "string" ? maskSecrets(serialized) : serialized;
  }
  const out: Record<string, unknown> = { ...(serialized as Record<string, unknown>) };
  for (const key of ["message", "stack"]) {
    if (typeof out[key] === "string") out[key] = maskSecrets(out[key] as string);
  }
  return out;
}

/** Keys whose values never reach a log line: at the top of a line's object, and one level down. */
const SECRET_KEYS = ["authorization", "access_token", "refresh_token", "init_data", "initData", "email", "password", "token"];
const CENSOR = "[redacted]";

/** Anything with `write(line)`: stdout by default, a capture buffer in tests. */
export type LogDestination = { write(line: string): unknown };

/**
 * Structured JSON logs, one line per request (see lib/server/http/index.ts). Secrets never reach a log
 * line: request bodies and headers are not logged, error texts are masked, and the redact list
 * guards against mistakes.
 */
export function createLogger(destination?: LogDestination, level = process.env.LOG_LEVEL ?? "info") {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "minibank" },
    serializers: { err: serializeError },
    redact: {
      // `*.code` only below the top: a line's own `code` is an error code.
      paths: [...SECRET_KEYS, ...[...SECRET_KEYS, "code"].map((key) => `*.${key}`)],
      censor: CENSOR,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * A logger writing through `parent` for lines whose fields are all at the top level and none of
 * them an object — the request line (lib/server/http/index.ts): the same redaction of the top-level
 * keys, without the `*.key` paths, which match nothing in such a line yet cost most of its
 * writing (fast-redact walks every key for each wildcard path: ≈5 µs of a line's ≈6).
 */
export function flatLineLogger(parent: pino.Logger): pino.Logger {
  return parent.child({}, { redact: { paths: SECRET_KEYS, censor: CENSOR } });
}

/** The process's logger: one pino instance (one stdout stream) whichever bundle logs. */
export const logger = processState("logger", () => createLogger());
