import type { ContractDocument } from "./document";
import { cameBackLater, send, type Reply, type Request } from "./http";
import { isEnvironment } from "./outcome";
import type { Result } from "./report";
import { checkEnded } from "./tape";

export type Answer = { status: number; contentType: string; headers: Headers; body: unknown };

export type Call = {
  /** What the check shows the reader, e.g. "a transfer between two users". */
  name: string;
  method: "GET" | "POST" | "PUT";
  /** The document's path template, e.g. `/api/v1/users/id/{id}`. */
  path: string;
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** The status this case must answer; `call` returns the answer only when it has this status. */
  expect: number;
  /** Further expectations on the answer; each returned string is a problem. */
  verify?: (answer: Answer) => string[];
};

/**
 * Sends each call over HTTP and checks its answer: the expected status, then everything the
 * document says about that status (body schema, content type, headers).
 */
export class ContractClient {
  readonly results: Result[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly document: ContractDocument,
    private readonly print: (line: string) => void,
  ) {}

  record(name: string, problems: string[]): void {
    const result = { name, ok: problems.length === 0, problems };
    this.results.push(result);
    checkEnded(name, problems, true);
    this.print(result.ok ? `ok    ${name}` : `FAIL  ${name}\n        ${problems.join("\n        ")}`);
  }

  /** A check the environment kept from running: printed as ENV, never counted as the server's failure. */
  environment(name: string, problems: string[]): void {
    this.results.push({ name, ok: false, problems, environment: true });
    checkEnded(name, problems, false);
    this.print(`ENV   ${name}\n        ${problems.join("\n        ")}`);
  }

  /** Records what stopped a phase or a section: the environment's, or the server's. */
  stopped(name: string, error: unknown): void {
    if (isEnvironment(error)) this.environment(name, [(error as Error).message]);
    else this.record(name, [(error as Error).message]);
  }

  async call(call: Call): Promise<Answer | null> {
    const label = `${call.method} ${call.path} → ${call.expect}: ${call.name}`;
    const raw = typeof call.body === "string";
    const request: Request = {
      method: call.method,
      path: call.path,
      params: call.params ?? {},
      query: call.query ?? {},
      headers: call.headers ?? {},
      ...(raw ? { rawBody: call.body as string } : { body: call.body }),
      token: call.token,
    };
    let reply: Reply;
    try {
      reply = await send(this.baseUrl, request, { expect: [call.expect] });
    } catch (error) {
      if (!isEnvironment(error)) throw error;
      this.environment(label, [error.message]);
      return null;
    }
    if (reply.contentType.startsWith("application/json") && typeof reply.body === "string") {
      this.record(label, [`answered ${reply.status} with content-type JSON but a body that is not JSON`]);
      return null;
    }
    const answer: Answer = { status: reply.status, contentType: reply.contentType, headers: reply.headers, body: reply.body };
    const broken = this.document.check(call.method, call.path, answer);
    // A documented 503, or a documented 429 of a limit the scenario does not model, is the environment's.
    const environment = answer.status !== call.expect && broken.length === 0 ? cameBackLater(true, request, reply) : null;
    if (environment) {
      this.environment(label, [environment.message]);
      return null;
    }
    const problems: string[] = [];
    if (answer.status !== call.expect) problems.push(`answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    problems.push(...broken);
    if (problems.length === 0 && call.verify) problems.push(...call.verify(answer));
    this.record(label, problems);
    // Later steps go on with an answer of the expected status even when its body broke the document.
    return answer.status === call.expect ? answer : null;
  }
}
