import { demoHostname } from "@/scripts/lib/demo-host";

describe("the demo's address", () => {
  it("is this machine only unless HOSTNAME names another", () => {
    expect(demoHostname({})).toBe("127.0.0.1");
    expect(demoHostname({ HOSTNAME: "" })).toBe("127.0.0.1");
    expect(demoHostname({ HOSTNAME: "0.0.0.0" })).toBe("0.0.0.0");
  });
});
