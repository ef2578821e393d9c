import type { ContractClient } from "./client";
import type { ContractDocument, Operation } from "./document";
import { operationsOf } from "./generated";
import { LISTS, PUBLIC_LISTS, type Holdings, type ListCell } from "./knowledge";
import { caller, type Caller, type OracleOptions } from "./oracle-kit";
import type { Person } from "./session";

/**
 * Isolation of the lists: every operation of the document that answers a list (an array) is read
 * by each user of the cast, and must hold the items the tester just made as that user (the newest
 * of each list) and none it made as anyone else — nor any item whose fields tie it to someone else
 * (scripts/contract/knowledge.ts LISTS). A list that is nobody's (rates) must be the same for all.
 */

/** One user of the cast: who they are, and what the tester made as them. */
export type Member = { person: Person; holdings: Holdings };

type Item = Record<string, unknown>;

type Schema = { type?: unknown; $ref?: string };

/** A schema, or the one its local `$ref` points at. */
function resolved(document: ContractDocument, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref?.startsWith("#/")) return schema;
  let node: unknown = document.doc;
  for (const key of schema.$ref.slice(2).split("/")) node = (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")];
  return node as Schema | undefined;
}

/** The operations whose success answer is an array, in the document's order. */
export function listOperations(document: ContractDocument): string[] {
  return operationsOf(document)
    .filter((op) =>
      Object.entries((op.operation as Operation).responses ?? {}).some(
        ([status, response]) => status.startsWith("2") && resolved(document, response.content?.["application/json"]?.schema as Schema | undefined)?.type === "array",
      ),
    )
    .map((op) => `${op.method} ${op.path}`);
}

const shown = (name: string | number) => (typeof name === "string" && name.length > 12 ? `${name.slice(0, 12)}…` : String(name));

/** One list, read by each member (or, for a list of a named user, by the next member about them). */
async function listCell(call: Caller, operation: string, cell: ListCell, cast: Member[]): Promise<string[]> {
  const problems: string[] = [];
  const makers = new Map<string | number, string[]>();
  for (const m of cast) for (const name of cell.made(m.holdings)) makers.set(name, [...(makers.get(name) ?? []), m.person.email]);
  for (const [i, subject] of cast.entries()) {
    const reader = cell.whose === "caller" ? subject : cast[(i + 1) % cast.length];
    const own = cell.made(subject.holdings);
    const foreign = (name: string | number) => makers.has(name) && !own.includes(name);
    const items = (await call(operation, reader.person.tokens.access_token, cell.read(subject.holdings))).body as Item[];
    const names = items.map(cell.name);
    const whose = cell.whose === "caller" ? `${subject.person.email}'s list` : `${reader.person.email}'s read of ${subject.person.email}'s list`;
    const others = names.filter(foreign);
    if (others.length) problems.push(`${whose} holds ${others.map((name) => `${shown(name)} (made as ${makers.get(name)!.join(", ")})`).join(", ")}`);
    const strays = items.filter((item) => !foreign(cell.name(item)) && !cell.belongs(item, subject.holdings)).map(cell.name);
    if (strays.length) problems.push(`${whose} holds ${strays.map(shown).join(", ")}, whose fields name another user's`);
    const missing = own.filter((name) => !names.includes(name));
    if (missing.length) problems.push(`${whose} leaves out ${missing.map(shown).join(", ")}, just made as them`);
  }
  return problems;
}

/** A list that is nobody's: every member reads the same one. */
async function publicCell(call: Caller, operation: string, cast: Member[]): Promise<string[]> {
  const read: string[] = [];
  for (const m of cast) read.push(JSON.stringify((await call(operation, m.person.tokens.access_token, PUBLIC_LISTS[operation]())).body));
  return read.some((text) => text !== read[0]) ? [`the cast read different lists: ${read.map((text) => text.slice(0, 120)).join(" | ")}`] : [];
}

/** Every list operation of the document, one line each. */
export async function listMatrix(api: ContractClient, options: OracleOptions, cast: Member[]): Promise<void> {
  const call = caller(options);
  for (const operation of listOperations(options.document)) {
    const cell = LISTS[operation];
    const label = cell
      ? `isolation ${operation}: ${cell.whose === "caller" ? "each caller's list holds their own items, none of another user's" : "the list of a named user holds theirs, none of another user's"}`
      : `isolation ${operation}: ${PUBLIC_LISTS[operation] ? "the same list for every caller" : "whose items the list holds"}`;
    if (!cell && !PUBLIC_LISTS[operation]) {
      api.environment(label, [`the suite does not know whose items ${operation} lists (scripts/contract/knowledge.ts LISTS, PUBLIC_LISTS)`]);
      continue;
    }
    try {
      api.record(label, cell ? await listCell(call, operation, cell, cast) : await publicCell(call, operation, cast));
    } catch (error) {
      api.stopped(label, error);
    }
  }
}
