import type { NextConfig } from "next";
import { commonSecurityHeaders } from "./lib/server/security-headers";

const nextConfig: NextConfig = {
  // Separate build folders let the e2e suite build beside a running dev server.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "@prisma/client",
    "prisma",
    "pino",
  ],
  allowedDevOrigins: ["127.0.0.1"],
  // proxy.ts sets the security headers of pages and the API; build assets skip the proxy.
  async headers() {
    return [
      {
        source: "/_next/static/:path*",
        headers: Object.entries(commonSecurityHeaders({ dev: false, https: false })).map(
          ([key, value]) => ({ key, value }),
        ),
      },
    ];
  },
};

export default nextConfig;
