/**
 * Why a check did not pass, kept apart so that a report never blames a server for its
 * surroundings: a `Failure` is the server's (an answer the contract or the model refuses), an
 * `EnvironmentError` is not (no sign-in code arrived, the server could not be reached, a limit
 * asked for a longer wait than the run allows).
 */

/** Something around the server went wrong; nothing is known about the server itself. */
export class EnvironmentError extends Error {
  override readonly name = "EnvironmentError";
}

/**
 * The server broke a promise. `check` names the promise and `operation` where it broke: a failing
 * run is shrunk only while it keeps failing with the same pair (`signature`).
 */
export class Failure extends Error {
  override readonly name = "Failure";

  constructor(
    readonly check: string,
    readonly operation: string,
    message: string,
  ) {
    super(message);
  }

  get signature(): string {
    return `${this.check} at ${this.operation}`;
  }
}

export const isEnvironment = (error: unknown): error is EnvironmentError => error instanceof EnvironmentError;

/**
 * What fetch threw when the network failed (it names a cause: ECONNREFUSED, a reset…), as the
 * environment's fault; anything else (a request fetch cannot even build) is thrown on as it is.
 */
export function networkProblem(url: string, error: unknown): EnvironmentError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (!cause) throw error;
  const origin = URL.canParse(url) ? new URL(url).origin : url;
  return new EnvironmentError(`could not reach ${origin} (${cause.code ?? cause.message ?? "no answer"})`);
}
