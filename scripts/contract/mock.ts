import http from "node:http";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import fc from "fast-check";
import type { ContractDocument } from "./document";
import { operationsOf, type DocumentedOperation } from "./generated";
import { BANK } from "./knowledge";
import { SchemaArbitraries, type Schema } from "./schema-arbitrary";

/**
 * A mock of the backend from the document: every documented operation answers its success status
 * with a body generated from its schema (the same body for the same request), after the checks the
 * document states — a bearer token where the operation is secured (401), a body its schema accepts
 * (400), 405 with Allow for a method the path does not serve. On top, the bank's core is kept in
 * memory so that a frontend can be driven through it: e-mail sign-in (any 6-digit code), the
 * caller's profile and wallets, top-ups and transfers that change balances, and history.
 */

export type MockOptions = { document: ContractDocument; port: number; host: string; seed: number; print: (line: string) => void };

type User = { id: number; email: string };
type Wallet = { id: number; userId: number; currency: string; balance: number; number: string };
type Movement = { id: number; kind: "transfer" | "topup"; senderWalletId: number; receiverWalletId: number; amount: number; currency: string; receivedAmount: number; receivedCurrency: string; rate: string; message: string | null; createdAt: string };

const error = (status: number, code: string, message: string) => ({ status, body: { message, code } });

/** A grey square: what a generated picture address (avatarUrl, photoUrl…) points at, so a page can load it. */
const PICTURE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#999"/></svg>')}`;
const PICTURE_FIELD = /(avatar|photo|image|icon|picture)Url$/i;

/** Generated strings in picture fields replaced by PICTURE, at any depth. */
function withPictures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withPictures);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, typeof v === "string" && PICTURE_FIELD.test(key) ? PICTURE : withPictures(v)]));
}

export async function startMock(options: MockOptions): Promise<{ url: string; close(): Promise<void> }> {
  const { document } = options;
  const doc = document.doc as Record<string, unknown>;
  const arbitraries = new SchemaArbitraries(doc, { integers: [], strings: [] });
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<Schema, ValidateFunction>();
  const operations = operationsOf(document);
  const templates = operations.map((op) => ({
    op,
    dynamic: (op.path.match(/\{/g) ?? []).length,
    names: [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
    pattern: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, "([^/]+)")}$`),
  }));
  templates.sort((a, b) => a.dynamic - b.dynamic);

  const users: User[] = [];
  const wallets: Wallet[] = [];
  const movements: Movement[] = [];
  const tokens = new Map<string, number>();
  let nextId = 1;

  const sample = (schema: Schema | undefined, key: string) => {
    if (!schema) return {};
    let h = options.seed;
    for (const c of key) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
    return withPictures(fc.sample(arbitraries.valid(schema), { seed: h, numRuns: 1 })[0]);
  };
  const successOf = (op: DocumentedOperation) => {
    const [status, response] = Object.entries((op.operation.responses ?? {}) as Record<string, { content?: Record<string, { schema?: Schema }> }>).find(([s]) => s.startsWith("2"))!;
    return { status: Number(status), schema: response.content?.["application/json"]?.schema, types: Object.keys(response.content ?? {}) };
  };
  const shaped = (op: DocumentedOperation, known: object) => ({ ...(sample(successOf(op).schema, op.path) as object), ...known });
  const walletsOf = (userId: number) => wallets.filter((w) => w.userId === userId);
  const walletNumber = () => String(4_000_000_000_000_000 + nextId);
  // The bank's own wallets (nobody signs in to them): the sending side of every top-up.
  const bankWallets: Wallet[] = BANK.currencies.map((currency) => ({ id: nextId++, userId: 0, currency, balance: 0, number: walletNumber() }));
  const newUser = (email: string) => {
    const user = { id: nextId++, email };
    users.push(user);
    return user;
  };

  /** The bank's core; null lets the generated answer stand. */
  const bank = (op: DocumentedOperation, name: string, user: User | null, params: string[], body: Record<string, unknown>): { status: number; body: unknown } | null => {
    switch (name) {
      case "POST /api/v1/auth/email/request-code":
        options.print(`mock: any six digits sign ${String(body.email)} in`);
        return { status: 200, body: shaped(op, { ok: true, challengeId: `mock-challenge-${nextId++}` }) };
      case "POST /api/v1/auth/email/verify-code": {
        if (!/^\d{6}$/.test(String(body.code))) return error(401, "INVALID_CODE", "Неверный код");
        const email = String(body.email).toLowerCase();
        const signedIn = users.find((u) => u.email === email) ?? newUser(email);
        const token = `mock-${signedIn.id}-${nextId++}`;
        tokens.set(token, signedIn.id);
        return { status: 200, body: shaped(op, { access_token: token, refresh_token: `${token}-refresh` }) };
      }
      case BANK.me:
        return { status: 200, body: shaped(op, { id: user!.id, email: user!.email, username: null, notification: true }) };
      case "POST /api/v1/wallet/init":
      case BANK.wallets: {
        if (name !== BANK.wallets && walletsOf(user!.id).length === 0) {
          for (const currency of BANK.currencies) wallets.push({ id: nextId++, userId: user!.id, currency, balance: 0, number: walletNumber() });
        }
        return { status: 200, body: walletsOf(user!.id).map((w) => ({ id: w.id, currency: w.currency, balance: w.balance, number: w.number })) };
      }
      case BANK.topUp:
      case BANK.transfer: {
        const receiver = name === BANK.topUp ? walletsOf(user!.id).find((w) => w.currency === body.currency) : wallets.find((w) => w.id === body.receiverWalletId);
        const sender = name === BANK.topUp ? null : wallets.find((w) => w.id === body.senderWalletId);
        const amount = Number(body.amount);
        if (!receiver || (name === BANK.transfer && !sender)) return error(404, "WALLET_NOT_FOUND", "Кошелек не найден");
        if (sender && sender.userId !== user!.id) return error(403, "FORBIDDEN", "Нет доступа");
        if (sender && sender.id === receiver.id) return error(400, "SAME_WALLET", "Нельзя перевести на тот же кошелек");
        if (sender && sender.balance < amount) return error(422, "INSUFFICIENT_FUNDS", "Недостаточно средств");
        // The mock's rate between any two currencies is 1: it moves money, it does not price it.
        if (sender) sender.balance -= amount;
        receiver.balance += amount;
        const movement: Movement = {
          id: nextId++,
          kind: sender ? "transfer" : "topup",
          senderWalletId: sender?.id ?? bankWallets.find((w) => w.currency === receiver.currency)!.id,
          receiverWalletId: receiver.id,
          amount,
          currency: sender?.currency ?? receiver.currency,
          receivedAmount: amount,
          receivedCurrency: receiver.currency,
          rate: "1",
          message: typeof body.message === "string" ? body.message : null,
          createdAt: new Date().toISOString(),
        };
        movements.push(movement);
        return { status: 201, body: shaped(op, movement) };
      }
      case "GET /api/v1/users/email/{email}":
      case "GET /api/v1/users/by-wallet/{number}": {
        const wanted = params[0].toLowerCase();
        const found = name.endsWith("{email}") ? users.find((u) => u.email === wanted) : users.find((u) => u.id === wallets.find((w) => w.number === params[0])?.userId);
        if (!found) return error(404, "USER_NOT_FOUND", "Пользователь не найден");
        return { status: 200, body: shaped(op, { id: found.id, username: null, telegramFirstName: null }) };
      }
      case "GET /api/v1/wallets/user/{userId}":
        return { status: 200, body: walletsOf(Number(params[0])).map((w) => ({ id: w.id, currency: w.currency, number: w.number })) };
      case "GET /api/v1/transfers/username/{walletId}": {
        // Who is on the other side of a wallet: its owner's e-mail, or the bank for its own wallets.
        const walletId = Number(params[0]);
        const owner = users.find((u) => u.id === wallets.find((w) => w.id === walletId)?.userId);
        if (!owner && !bankWallets.some((w) => w.id === walletId)) return error(404, "WALLET_NOT_FOUND", "Кошелек не найден");
        return { status: 200, body: shaped(op, { username: owner?.email ?? "Minibank" }) };
      }
      case BANK.receipt: {
        const movement = movements.find((m) => m.id === Number(params[0]));
        const own = walletsOf(user!.id).map((w) => w.id);
        if (!movement || !(own.includes(movement.senderWalletId) || own.includes(movement.receiverWalletId))) return error(404, "NOT_FOUND", "Перевод не найден");
        const direction = own.includes(movement.senderWalletId) ? "out" : "in";
        return { status: 200, body: shaped(op, { ...movement, direction, status: "completed", fee: 0 }) };
      }
      case BANK.history: {
        const walletId = Number(params[0]);
        const wallet = wallets.find((w) => w.id === walletId);
        if (!wallet) return error(404, "WALLET_NOT_FOUND", "Кошелек не найден");
        if (wallet.userId !== user!.id) return error(403, "FORBIDDEN", "Нет доступа");
        const list = movements.filter((m) => m.senderWalletId === walletId || m.receiverWalletId === walletId).reverse();
        return { status: 200, body: list.map((m) => shaped(op, m)) };
      }
      default:
        return null;
    }
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://mock");
    const method = (req.method ?? "GET").toUpperCase();
    // A frontend on any origin may use the mock: its origin is echoed (never "*": the frontend's
    // requests carry credentials), and the history's cursor header is readable.
    const origin = req.headers.origin;
    const cors: Record<string, string> = origin
      ? { "access-control-allow-origin": origin, "access-control-allow-credentials": "true", "access-control-expose-headers": BANK.nextCursorHeader, vary: "Origin" }
      : { vary: "Origin" };
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...cors, ...headers });
      res.end(JSON.stringify(body));
    };
    if (method === "OPTIONS") {
      res.writeHead(204, {
        ...cors,
        "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "authorization, content-type, idempotency-key",
        "access-control-allow-methods": "GET, POST, PUT, DELETE",
        "access-control-max-age": "600",
      });
      return res.end();
    }
    if (method === "GET" && url.pathname === BANK.document) return answer(200, doc);
    const matches = templates.filter((t) => t.pattern.test(url.pathname));
    if (matches.length === 0) return answer(404, { message: "Не найдено", code: "NOT_FOUND" });
    const path = matches[0].op.path;
    const match = matches.find((t) => t.op.path === path && t.op.method === method);
    if (!match) {
      const allow = templates.filter((t) => t.op.path === path).map((t) => t.op.method);
      return answer(405, { message: "Метод не поддерживается", code: "METHOD_NOT_ALLOWED" }, { allow: allow.join(", ") });
    }
    const { op } = match;
    const params = (match.pattern.exec(url.pathname) ?? []).slice(1).map(decodeURIComponent);
    let user: User | null = null;
    if (op.secured) {
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      user = users.find((u) => u.id === tokens.get(token)) ?? null;
      if (!user) return answer(401, { message: "Требуется вход", code: "UNAUTHORIZED" });
    }
    const problems: string[] = [];
    const check = (schema: Schema | undefined, value: unknown) => {
      if (!schema) return;
      let validate = validators.get(schema);
      if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
      if (!validate(value)) problems.push(ajv.errorsText(validate.errors));
    };
    for (const p of (op.operation.parameters ?? []) as { name: string; in: string; required?: boolean; schema?: Schema }[]) {
      const raw = p.in === "path" ? params[match.names.indexOf(p.name)] : p.in === "query" ? url.searchParams.get(p.name) : p.in === "header" ? (req.headers[p.name.toLowerCase()] as string | undefined) : undefined;
      if (raw === undefined || raw === null) {
        if (p.required) problems.push(`${p.name} is required`);
        continue;
      }
      const schema = arbitraries.resolve(p.schema ?? {});
      const value = schema.type === "integer" || schema.type === "number" ? (/^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw) : raw;
      check(schema, value);
    }
    let body: Record<string, unknown> = {};
    const bodySchema = op.operation.requestBody?.content?.["application/json"]?.schema;
    if (bodySchema) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString() || "null") as Record<string, unknown>;
      } catch {
        return answer(400, { message: "Тело запроса — не JSON", code: "INVALID_JSON" });
      }
      check(arbitraries.resolve(bodySchema), body);
    }
    if (problems.length) {
      // Refused with 400 where the document has it, else with the operation's first documented
      // refusal (a webhook documents only 401), carrying a code the document lists for it.
      const responses = (op.operation.responses ?? {}) as Record<string, { content?: Record<string, { schema?: Schema }> }>;
      const status = responses["400"] ? "400" : Object.keys(responses).filter((s) => s.startsWith("4")).sort()[0];
      if (status) {
        const codes = JSON.stringify(responses[status].content?.["application/json"]?.schema ?? {}).match(/"enum":\["([A-Z_]+)"/);
        const code = status === "400" ? "VALIDATION_ERROR" : (codes?.[1] ?? "VALIDATION_ERROR");
        return answer(Number(status), { message: "Неверные данные", code });
      }
    }
    const known = bank(op, `${op.method} ${op.path}`, user, params, body ?? {});
    if (known) return answer(known.status, known.body);
    const success = successOf(op);
    if (!success.types.includes("application/json") && success.types.length) {
      // A picture or a page: the documented media type, empty.
      res.writeHead(success.status, { "content-type": success.types[0], ...cors });
      return res.end();
    }
    return answer(success.status, sample(success.schema, `${method} ${url.pathname}${url.search}`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    url: `http://${options.host}:${options.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
