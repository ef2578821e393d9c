import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A broken server for the contract suite to catch: a proxy in front of a real one that changes
 * one behaviour — a request on its way in, or an answer on its way out — and passes the rest.
 */

export type Exchange = {
  method: string;
  pathname: string;
  search: string;
  headers: Headers;
  /** The parsed JSON body, or undefined. */
  body: unknown;
};

export type Answer = { status: number; headers: Headers; body: unknown };

export type Mutation = {
  /** Change the request before it is forwarded, or answer it here (return an Answer). */
  request?: (exchange: Exchange) => Answer | void | Promise<Answer | void>;
  /** Change the answer (JSON bodies parsed; others are passed as text). */
  answer?: (exchange: Exchange, answer: Answer) => Answer | void;
};

const HOP = ["host", "connection", "content-length", "transfer-encoding", "keep-alive", "content-encoding"];

export async function mutantProxy(upstream: string, mutation: Mutation): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString();
      const url = new URL(req.url ?? "/", "http://proxy");
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string" && !HOP.includes(name)) headers.set(name, value);
      let body: unknown = undefined;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      const exchange: Exchange = { method: req.method ?? "GET", pathname: url.pathname, search: url.search, headers, body };
      let answer = (await mutation.request?.(exchange)) ?? null;
      if (!answer) {
        const sent = exchange.body === undefined ? undefined : typeof exchange.body === "string" ? exchange.body : JSON.stringify(exchange.body);
        const upstreamRes = await fetch(`${upstream}${exchange.pathname}${exchange.search}`, { method: exchange.method, headers: exchange.headers, body: sent, redirect: "manual" });
        const text = await upstreamRes.text();
        const json = (upstreamRes.headers.get("content-type") ?? "").startsWith("application/json");
        answer = { status: upstreamRes.status, headers: upstreamRes.headers, body: json && text ? JSON.parse(text) : text };
        answer = mutation.answer?.(exchange, answer) ?? answer;
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP.includes(name)) out[name] = value;
      });
      res.writeHead(answer.status, out);
      res.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
    } catch (error) {
      res.writeHead(599);
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON error answer as the API gives it. */
export const errorAnswer = (status: number, code: string): Answer => ({
  status,
  headers: new Headers({ "content-type": "application/json" }),
  body: { message: "Ошибка", code },
});
