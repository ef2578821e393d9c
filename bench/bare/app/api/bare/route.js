// The reference of `npm run bench`: the least a Next.js route can do (same next and react as the
// app, built and served with `next build` / `next start`), constant JSON.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
