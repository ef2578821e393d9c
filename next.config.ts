import type { NextConfig } from "next";

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
};

export default nextConfig;
