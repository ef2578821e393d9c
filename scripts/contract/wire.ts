/** A request as the tester sends it, and the answer as it reads it (types only: http.ts sends, tape.ts records). */

/** One request as the generated and stateful phases build it, and its answer. */
export type Request = {
  method: string;
  /** The document's path template. */
  path: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body?: unknown;
  /** A body sent exactly as written instead of `body` as JSON (malformed or oversized on purpose). */
  rawBody?: string;
  /** Bearer token; a string that is not a token is sent as it is. */
  token?: string;
};

export type Reply = { status: number; contentType: string; headers: Headers; body: unknown; text: string };
