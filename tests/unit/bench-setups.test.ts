// npm run bench's set-ups: PostgreSQL ×2 serves the database ×1 prepared, so picked without ×1
// it must prepare (migrate, seed, history) that database itself, or it measures an empty one.
import { POSTGRES_1, POSTGRES_2, SQLITE, setups } from "@/bench/support/setups";

const SERVER = "postgresql://postgres@127.0.0.1:5432/postgres";
const freshness = (only?: string) => Object.fromEntries(setups("/tmp/work", SERVER, 10, only).map((s) => [s.name, s.fresh]));

describe("bench set-ups", () => {
  it("×2 reuses the database ×1 prepared when both run", () => {
    expect(freshness()).toMatchObject({ [POSTGRES_1]: true, [POSTGRES_2]: false });
    expect(freshness("postgresql×1,postgresql×2")).toEqual({ [POSTGRES_1]: true, [POSTGRES_2]: false });
  });

  it("×2 prepares its database when ×1 is not picked, wherever it comes in the list", () => {
    expect(freshness("postgresql×2")).toEqual({ [POSTGRES_2]: true });
    expect(freshness("sqlite×1,postgresql×2")).toEqual({ [SQLITE]: true, [POSTGRES_2]: true });
  });

  it("refuses a set-up it does not know", () => {
    expect(() => setups("/tmp/work", SERVER, 10, "mysql×1")).toThrow(/no set-up named mysql×1/);
  });
});
