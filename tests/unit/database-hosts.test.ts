// DATABASE_URL naming several hosts, as libpq's does: taken apart into one URL per host (node-postgres
// takes one host), the user, database and parameters kept for each; a WAL position read as bytes.
import { hostOf, hostUrls, isMultiHost } from "@/lib/server/db/hosts";
import { lsnBytes } from "@/lib/server/db/replica";

describe("several hosts in one PostgreSQL URL", () => {
  it("gives one URL per host, in order, with the user, the database and the parameters of the whole", () => {
    expect(hostUrls("postgresql://app:secret@db1:5432,db2:5433/minibank?sslmode=require")).toEqual([
      "postgresql://app:secret@db1:5432/minibank?sslmode=require",
      "postgresql://app:secret@db2:5433/minibank?sslmode=require",
    ]);
    expect(hostUrls("postgres://10.0.0.1,10.0.0.2/minibank")).toEqual(["postgres://10.0.0.1/minibank", "postgres://10.0.0.2/minibank"]);
    expect(isMultiHost("postgresql://a:1,b:2/db")).toBe(true);
  });

  it("leaves a URL with one host, and a SQLite URL, as they are", () => {
    expect(hostUrls("postgresql://postgres@127.0.0.1:5432/minibank")).toEqual(["postgresql://postgres@127.0.0.1:5432/minibank"]);
    expect(hostUrls("file:./data/minibank.db")).toEqual(["file:./data/minibank.db"]);
    expect(isMultiHost("postgresql://postgres@127.0.0.1:5432/minibank")).toBe(false);
  });

  it("names a host for the log without its user or password", () => {
    expect(hostOf("postgresql://app:secret@db1:5432/minibank")).toBe("db1:5432");
  });
});

describe("WAL positions", () => {
  it("reads 16/B374D848 as (0x16 << 32) + 0xB374D848 bytes, and keeps null (a server not in recovery)", () => {
    expect(lsnBytes("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
    expect(lsnBytes("0/3000000")! > lsnBytes("0/2FFFFFF")!).toBe(true);
    expect(lsnBytes(null)).toBeNull();
  });
});
