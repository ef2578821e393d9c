import "server-only";
import pino from "pino";

/**
 * Structured JSON logs, one line per request (see lib/server/http.ts). Secrets never reach a log
 * line: request bodies and headers are not logged, and the redact list guards against mistakes.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { service: "minibank" },
  redact: {
    paths: [
      "*.authorization",
      "*.access_token",
      "*.refresh_token",
      "*.code",
      "*.init_data",
      "*.email",
      "*.password",
    ],
    censor: "[redacted]",
  },
});
