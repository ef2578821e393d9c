import { GET } from "@/app/api/v1/users/me/route";
import { call, createUser } from "@/tests/support/api";

describe("GET /api/v1/users/me", () => {
  it("answers 401 with a Russian message without a token", async () => {
    const res = await call(GET);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.stringMatching(/[а-я]/i), code: "UNAUTHORIZED" });
  });

  it("returns the caller's own profile", async () => {
    const { user, token } = await createUser({ email: "me@example.com" });
    const res = await call(GET, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: "me@example.com", notification: true });
    expect(res.body.avatarUrl).toBe(`/api/v1/avatars/${user.id % 1_000_000}.svg`);
  });
});
