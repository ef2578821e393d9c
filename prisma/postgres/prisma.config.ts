import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

const url = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export default defineConfig({
  schema: path.join(__dirname, "schema.prisma"),
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaPg({ connectionString: url }),
});
