import { getDb } from "@/lib/server/db";
import { RETENTION, sweep } from "@/lib/server/db/sweep";
import { createUser } from "@/tests/support/api";

const HOUR = 60 * 60 * 1000;

describe("the periodic sweep", () => {
  it("removes what no longer guards anything and keeps the rest", async () => {
    const db = getDb();
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const later = new Date(now.getTime() + HOUR);
    const { user } = await createUser();

    await db.rateLimitHit.createMany({
      data: [
        { key: "sweep:old", createdAt: ago(RETENTION.rateLimitHitMs + 1000) },
        { key: "sweep:new", createdAt: ago(HOUR) },
      ],
    });
    await db.emailCode.createMany({
      data: [
        { email: "old@sweep.test", codeHash: "x", codeSealed: "x", expiresAt: ago(1000) },
        { email: "new@sweep.test", codeHash: "x", codeSealed: "x", expiresAt: later },
      ],
    });
    await db.emailChallenge.createMany({
      data: [
        { id: "sweep-old-challenge", email: "old@sweep.test", requesterKey: "k", expiresAt: ago(1000) },
        { id: "sweep-new-challenge", email: "new@sweep.test", requesterKey: "k", expiresAt: later },
      ],
    });
    await db.usedInitData.createMany({
      data: [
        { hash: "sweep-old", expiresAt: ago(1000) },
        { hash: "sweep-new", expiresAt: later },
      ],
    });
    await db.idempotencyKey.createMany({
      data: [
        { userId: user.id, key: "sweep-old", requestHash: "h", refusal: "INSUFFICIENT_FUNDS", createdAt: ago(RETENTION.idempotencyKeyMs + 1000) },
        { userId: user.id, key: "sweep-new", requestHash: "h", refusal: "INSUFFICIENT_FUNDS", createdAt: ago(23 * HOUR) },
      ],
    });
    await db.refreshToken.createMany({
      data: [
        { tokenHash: "sweep-old", family: "f", userId: user.id, expiresAt: ago(RETENTION.expiredRefreshTokenMs + 1000) },
        { tokenHash: "sweep-recent", family: "f", userId: user.id, expiresAt: ago(HOUR) },
      ],
    });

    await db.notification.createMany({
      data: [
        { transferId: 900_001, userId: user.id, channel: "email", address: "a@b.test", text: "x", status: "sent", createdAt: ago(RETENTION.settledNotificationMs + 1000) },
        { transferId: 900_002, userId: user.id, channel: "email", address: "a@b.test", text: "x", status: "pending", createdAt: ago(RETENTION.settledNotificationMs + 1000) },
        { transferId: 900_003, userId: user.id, channel: "email", address: "a@b.test", text: "x", status: "failed", createdAt: ago(HOUR) },
      ],
    });

    const removed = await sweep(now);
    expect(removed).toEqual({
      rateLimitHits: 1,
      emailCodes: 1,
      emailChallenges: 1,
      usedInitData: 1,
      idempotencyKeys: 1,
      refreshTokens: 1,
      notifications: 1,
    });
    // A message still to deliver stays, however old; a recent failure stays for the record.
    expect((await db.notification.findMany({ where: { userId: user.id } })).map((n) => n.transferId).sort()).toEqual([900_002, 900_003]);
    expect((await db.rateLimitHit.findMany({ where: { key: { startsWith: "sweep:" } } })).map((r) => r.key)).toEqual(["sweep:new"]);
    expect(await db.emailCode.findUnique({ where: { email: "new@sweep.test" } })).not.toBeNull();
    expect(await db.emailChallenge.findUnique({ where: { id: "sweep-new-challenge" } })).not.toBeNull();
    expect(await db.usedInitData.findUnique({ where: { hash: "sweep-new" } })).not.toBeNull();
    expect((await db.idempotencyKey.findMany({ where: { userId: user.id } })).map((r) => r.key)).toEqual(["sweep-new"]);
    expect((await db.refreshToken.findMany({ where: { family: "f" } })).map((r) => r.tokenHash)).toEqual(["sweep-recent"]);
    // Nothing more to do on a second pass.
    expect(Object.values(await sweep(now)).every((n) => n === 0)).toBe(true);
  });
});
