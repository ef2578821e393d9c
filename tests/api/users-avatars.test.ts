import { GET as avatar } from "@/app/api/v1/avatars/[file]/route";
import { sealAvatarNumber } from "@/lib/server/users/avatar-name";

async function get(file: string) {
  const res = await avatar(new Request(`http://localhost/api/v1/avatars/${file}`), {
    params: Promise.resolve({ file }),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe("GET /api/v1/avatars/{n}.svg", () => {
  it("serves a cacheable SVG without a token", async () => {
    const res = await get("42.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
    expect(res.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    expect(res.text).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it("is deterministic per n and differs between numbers", async () => {
    expect((await get("7.svg")).text).toBe((await get("7.svg")).text);
    const many = await Promise.all(["0", "1", "2", "3", "999999"].map((n) => get(`${n}.svg`)));
    expect(new Set(many.map((r) => r.text)).size).toBe(5);
  });

  it("serves the same picture under a sealed name, which says nothing of n; a name nobody sealed is 404", async () => {
    const sealed = sealAvatarNumber(4_242);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]{22}\.svg$/);
    expect(sealed).not.toContain("4242");
    expect(sealAvatarNumber(4_242)).toBe(sealed);
    expect(sealAvatarNumber(4_243)).not.toBe(sealed);
    expect((await get(sealed)).text).toBe((await get("4242.svg")).text);
    const forged = `${sealed[0] === "A" ? "B" : "A"}${sealed.slice(1)}`;
    for (const file of [forged, "A".repeat(22) + ".svg", sealed.replace(".svg", ".png")]) expect((await get(file)).status).toBe(404);
  });

  it.each(["1000000.svg", "-1.svg", "abc.svg", "12.png", "12", "1.svg.svg"])("answers 404 for %s", async (file) => {
    const res = await get(file);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toMatchObject({ code: "NOT_FOUND" });
  });
});
