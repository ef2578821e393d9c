import { IDENTIFYING, leaves, type ReplayFile, type Step } from "./tape";

/**
 * A replay as a POSIX sh script of curl calls, for someone without Node: the same steps, each value
 * an earlier answer gave read from the replay's own answer with jq, and the same check (each
 * answer's status; the judged answer compared as a whole, ids and times aside). The document's
 * schemas are held only by `--replay`.
 */

const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** Text with markers (`__V3__`: a variable, `__T__`: the run's tag) as one double-quoted shell word. */
function word(text: string): string {
  const escaped = text.replace(/[\\"$`]/g, (c) => `\\${c}`);
  return `"${escaped.replace(/__([V]\d+|R\d+_\d+)__/g, "${$1}").replace(/__T__/g, "${TAG}")}"`;
}

const jqPath = (path: (string | number)[]) => `.${path.map((p) => (typeof p === "number" ? `[${p}]` : `[${JSON.stringify(p)}]`)).join("")}`;

/** The recorded values a later step sends, each as a shell variable read from the answer that gave it. */
class Variables {
  private readonly byValue = new Map<string, number>();
  private readonly emails = new Set<string>();
  private readonly reads = new Map<number, string>();
  readonly used = new Set<number>();
  private next = 1;

  /** A variable for `value`, read by `read` (a shell command) once its answer has arrived. */
  define(value: string, read: string): void {
    if (this.byValue.has(value)) return;
    const n = this.next++;
    this.byValue.set(value, n);
    this.reads.set(n, read);
  }

  email(email: string): void {
    this.emails.add(email.toLowerCase());
  }

  /** `V3=$(…)` lines for the variables defined since `from`, those a step uses. */
  definitions(values: string[]): string[] {
    return values.flatMap((v) => {
      const n = this.byValue.get(v)!;
      return this.used.has(n) ? [`V${n}=${this.reads.get(n)}`] : [];
    });
  }

  variableOf(value: string): number | undefined {
    return this.byValue.get(value);
  }

  private mark(n: number): string {
    this.used.add(n);
    return `__V${n}__`;
  }

  text(value: string): string {
    const exact = this.byValue.get(value);
    if (exact !== undefined) return this.mark(exact);
    let out = value;
    for (const [from, n] of this.byValue) if (from.length >= 16 && out.includes(from)) out = out.split(from).join(this.mark(n));
    for (const email of this.emails) out = out.replace(new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), (m) => `__T__.${m}`);
    return out;
  }

  value(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.value(v));
    if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.value(v)]));
    return typeof value === "string" ? this.text(value) : value;
  }
}

/** Every (path, value) of the strings an answer gives that a later request may send. */
const given = (value: unknown) => [...leaves(value)].flatMap(([path, , v]) => (typeof v === "string" && v.length >= 6 ? [[path, v] as const] : []));

/**
 * The curl call of one taped step: its ids read from the answers that gave them (R variables), its
 * strings replaced by the variables that carry them (V), its addresses made fresh (TAG).
 */
function curlLines(n: number, step: Extract<Step, { kind: "exchange" }>, vars: Variables): string[] {
  const request = structuredClone(step.request);
  const reads = (step.refs ?? []).map((ref, i) => {
    const name = `R${n}_${i}`;
    let node = (ref.part === "body" ? request.body : request[ref.part]) as Record<string | number, unknown>;
    for (const key of ref.path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    node[ref.path.at(-1)!] = `__${name}__`;
    return `${name}=$(jq -r ${quote(jqPath(ref.at))} "$DIR/${ref.from + 1}" 2>/dev/null)`;
  });
  const params = vars.value(request.params) as Record<string, unknown>;
  const pathText = request.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? "")));
  const query = new URLSearchParams(
    Object.entries(request.query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(vars.value(v))]),
  ).toString();
  const parts = [`curl -sS -o "$DIR/${n}" -D "$DIR/${n}.h" -w '%{http_code}'`, `-X ${request.method}`, word(`__BASE__${pathText}${query ? `?${query}` : ""}`).replace("__BASE__", "${BASE}"), "-H 'accept: application/json'"];
  for (const [name, value] of Object.entries(request.headers)) parts.push(`-H ${word(`${name}: ${vars.text(value)}`)}`);
  if (request.token !== undefined) parts.push(`-H ${word(`authorization: Bearer ${vars.text(request.token)}`)}`);
  const body = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(vars.value(request.body)).replace(/"__(R\d+_\d+)__"/g, "__$1__"));
  if (body !== undefined) parts.push("-H 'content-type: application/json'", `--data-raw ${word(body)}`);
  return [...reads, `${parts.join(" ")} > "$DIR/${n}.s" || unreachable`];
}

/** The sh lines of a step that signs in: a code read by $CODE_FROM, or init data signed with $BOT_TOKEN. */
function signInLines(step: Exclude<Step, { kind: "exchange" }>, n: number, vars: Variables): string[] {
  if (step.kind === "code") {
    vars.email(step.email);
    vars.define(step.code, "");
    const v = `V${vars.variableOf(step.code)}`;
    const email = word(`__T__.${step.email.toLowerCase()}`);
    return [
      `# step ${n}: the code e-mailed to ${step.email} (anew)`,
      `${v}=$(sh -c "$CODE_FROM \\"\\$1\\"" sh ${email} | grep -o '[0-9]\\{6\\}' | head -n 1)`,
      `[ -n "$${v}" ] || { echo "ENV   no code for "${email}; exit 3; }`,
    ];
  }
  vars.define(step.initData, "");
  const v = `V${vars.variableOf(step.initData)}`;
  const pairs = Object.entries(step.fields).sort(([a], [b]) => (a < b ? -1 : 1));
  const lines = [...pairs, ["auth_date", ""]].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, value]) => (name === "auth_date" ? `"auth_date=$AUTH"` : quote(`${name}=${value}`)));
  return [
    `# step ${n}: Telegram init data signed anew with the bot's token`,
    `[ -n "\${BOT_TOKEN:-}" ] || { echo "ENV   this replay signs in through Telegram: set BOT_TOKEN"; exit 3; }`,
    "AUTH=$(date +%s)",
    `SECRET=$(printf %s "$BOT_TOKEN" | openssl dgst -sha256 -mac HMAC -macopt key:WebAppData | sed 's/^.* //')`,
    `HASH=$(printf '${lines.map(() => "%s").join("\\n")}' ${lines.join(" ")} | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$SECRET" | sed 's/^.* //')`,
    `${v}=${quote(`${new URLSearchParams(pairs).toString()}&`)}"auth_date=$AUTH&hash=$HASH"`,
  ];
}

const MASK = `walk(if type == "object" then with_entries(if (.key | test($re)) then .value = "<id>" else . end) elif type == "string" and test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T") then "<time>" else . end)`;

/** The checks of one step: its status among those expected, or the judged answer unlike the failing run's. */
function checkLines(file: ReplayFile, index: number, step: Extract<Step, { kind: "exchange" }>): string[] {
  const n = index + 1;
  const label = `step ${n} ${step.request.method} ${step.request.path}`;
  const lines: string[] = [];
  if (step.expect) {
    lines.push(
      `case " ${step.expect.join(" ")} " in *" $(cat "$DIR/${n}.s") "*) echo ${quote(`ok    ${label} → `)}"$(cat "$DIR/${n}.s")" ;;`,
      `  *) echo ${quote(`FAIL  ${label}: answered `)}"$(cat "$DIR/${n}.s")"${quote(` (expected ${step.expect.join(" or ")})`)}; FAILED=$((FAILED + 1)) ;; esac`,
    );
  }
  if (file.judged === index) {
    const json = typeof step.answer.body !== "string";
    lines.push(
      `cat > "$DIR/${n}.was" <<'REPLAY_END'`,
      json ? JSON.stringify(step.answer.body) : String(step.answer.body),
      "REPLAY_END",
      json
        ? `if [ "$(cat "$DIR/${n}.s")" = ${step.answer.status} ] && [ "$(jq -S -c --arg re "$IDS" '${MASK}' "$DIR/${n}" 2>/dev/null)" = "$(jq -S -c --arg re "$IDS" '${MASK}' "$DIR/${n}.was")" ]; then`
        : `if [ "$(cat "$DIR/${n}.s")" = ${step.answer.status} ] && [ "$(cat "$DIR/${n}")" = "$(cat "$DIR/${n}.was")" ]; then`,
      `  echo ${quote(`FAIL  ${label}: answered as the failing run was answered (ids and times aside)`)}; FAILED=$((FAILED + 1))`,
      `else echo ${quote(`ok    ${label}: answered otherwise than the failing run`)}; fi`,
    );
  }
  return lines;
}

/** The whole script of a replay. */
export function shellReplay(file: ReplayFile): string {
  const vars = new Variables();
  const body: string[] = [];
  // Each step's lines, then (once every later step is rendered and the variables it uses are known) its definitions.
  const pending: { at: number; values: string[] }[] = [];
  // Every address that signs in is a fresh one, from its first request on (asking for the code).
  for (const step of file.steps) if (step.kind === "code") vars.email(step.email);
  for (const [index, step] of file.steps.entries()) {
    const n = index + 1;
    if (step.kind !== "exchange") {
      body.push(...signInLines(step, n, vars), "");
      continue;
    }
    body.push(`# step ${n}: ${step.request.method} ${step.request.path}`, ...curlLines(n, step, vars), ...checkLines(file, index, step));
    const values: string[] = [];
    for (const [path, value] of given(step.answer.body)) {
      if (vars.variableOf(value) !== undefined) continue;
      vars.define(value, `$(jq -r ${quote(jqPath(path))} "$DIR/${n}" 2>/dev/null)`);
      values.push(value);
    }
    for (const [name, value] of Object.entries(step.answer.headers)) {
      if (vars.variableOf(value) !== undefined) continue;
      vars.define(value, `$(grep -i ${quote(`^${name}:`)} "$DIR/${n}.h" | cut -d: -f2- | tr -d ' \\r')`);
      values.push(value);
    }
    pending.push({ at: body.length, values });
    body.push("");
  }
  // Definitions go in after their step, from the last so that earlier positions stay put.
  for (const { at, values } of pending.reverse()) body.splice(at, 0, ...vars.definitions(values));
  const signsInByMail = file.steps.some((s) => s.kind === "code");
  const telegram = file.steps.some((s) => s.kind === "telegram");
  return [
    "#!/bin/sh",
    `# Replays a failing check of \`npm run contract\` with curl and jq (POSIX sh)${telegram ? ", and openssl for Telegram sign-in" : ""}:`,
    ...`#   ${file.check}`.split("\n"),
    ...file.problems.flatMap((p) => p.split("\n")).slice(0, 10).map((p) => `#   ${p.slice(0, 300)}`),
    `# recorded against ${file.recordedAgainst}; each answer is held to the status the check expected of it${file.judged !== null ? ", and the judged one must not be the answer the failing run got (ids and times aside)" : ""}.`,
    "# The document's schemas are held only by `npm run contract -- --replay <file.json> <base-url>`.",
    `# usage: ${[signsInByMail ? "CODE_FROM='<command printing the code e-mailed to the address it is given last>'" : "", telegram ? "BOT_TOKEN=<the server's bot token>" : ""].filter(Boolean).join(" ")} sh <this file> <base-url>`.replace("usage:  ", "usage: "),
    "# Exit code 1 while the check still fails, 0 once it passes, 3 when the environment kept it from running.",
    "set -u",
    'BASE=${1:?usage: sh <this file> <base-url>}',
    'BASE=${BASE%/}',
    ...(signsInByMail ? ['CODE_FROM=${CODE_FROM:?set CODE_FROM to a command that prints the code e-mailed to the address given as its last argument}'] : []),
    "TAG=r$(date +%s)$$",
    `IDS=${quote(IDENTIFYING.source)}`,
    'DIR=$(mktemp -d)',
    "trap 'rm -rf \"$DIR\"' EXIT",
    "FAILED=0",
    'unreachable() { echo "ENV   could not reach $BASE"; exit 3; }',
    "",
    ...body,
    'if [ "$FAILED" -gt 0 ]; then echo "the check still fails: $FAILED of its steps failed"; exit 1; fi',
    'echo "the check passes"',
    "",
  ].join("\n");
}
