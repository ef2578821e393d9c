import path from "node:path";
import type { NextConfig } from "next";
import { isDemoEnv } from "./lib/server/platform/demo-mode";
import { allowHeaderRules } from "./lib/server/http/route-methods";
import { apiStaticHeaders, commonSecurityHeaders } from "./lib/server/http/security-headers";

const nextConfig: NextConfig = {
  // Separate build folders let the e2e suite build beside a running dev server.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  // The mode is fixed into the browser bundles at build time: only a demo build calls the demo
  // endpoints (a production browser never asks for demo init data).
  env: { NEXT_PUBLIC_MINIBANK_DEMO: isDemoEnv(process.env) ? "1" : "" },
  poweredByHeader: false,
  // scripts/test.sh type-checks the whole tree (`npm run typecheck`) before it builds: its builds
  // skip Next.js's own pass over the same files. Every other build checks the types.
  typescript: { ignoreBuildErrors: process.env.MINIBANK_BUILD_SKIP_TYPECHECK === "1" },
  // Source maps of the browser bundles, for looking inside the chunks (bench/web.ts weighs them).
  productionBrowserSourceMaps: process.env.NEXT_SOURCE_MAPS === "1",
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "@prisma/client",
    "prisma",
    "pino",
    // Reads its own font metrics files next to its code at run time.
    "pdfkit",
  ],
  allowedDevOrigins: ["127.0.0.1"],
  // proxy.ts sets the security headers of pages (their CSP carries a per-request nonce). Static
  // headers come from here (they are fixed at build time): build assets, and the API, which then
  // skips the proxy entirely.
  async headers() {
    const header = (headers: Record<string, string>) =>
      Object.entries(headers).map(([key, value]) => ({ key, value }));
    return [
      {
        source: "/_next/static/:path*",
        headers: header(commonSecurityHeaders({ dev: false, https: false })),
      },
      // The API reference page (/api/docs) sends its own, page-like headers.
      { source: "/api/:path((?!docs(?:/|$)).*)", headers: header(apiStaticHeaders()) },
      ...allowHeaderRules(path.join(process.cwd(), "app")),
    ];
  },
};

export default nextConfig;
