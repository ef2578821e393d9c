/**
 * The demo's split bills, made through the app's own use cases (requests, their limits and
 * expiry, a share paid through the ledger) on the default database: run after `seedDemo`, at the
 * demo's start, so the requests expire a week after the demo first opens rather than after the
 * seed's fixed clock. Alice organises a dinner (Boris has paid, Vera has not) and owes Vera a share
 * of a taxi, so both views of a split show on first open.
 */
export async function seedDemoSplits(): Promise<number> {
  const { getDb } = await import("@/lib/server/db");
  const { createSplit } = await import("@/lib/server/splits/create-split");
  const { payRequest } = await import("@/lib/server/requests/pay-request");
  const db = getDb();
  if ((await db.split.count()) > 0) return 0;
  const people = await db.user.findMany({
    where: { username: { in: ["alice_tg", "e.boris", "vera_tg"] } },
    select: { id: true, username: true, wallets: { where: { currency: "RUB" }, select: { id: true } } },
  });
  const by = (username: string) => people.find((p) => p.username === username);
  const [alice, boris, vera] = [by("alice_tg"), by("e.boris"), by("vera_tg")];
  if (!alice || !boris || !vera) return 0;

  const dinner = await createSplit({
    organiserId: alice.id,
    idempotencyKey: null,
    title: "Ужин в «Хачапури и вино»",
    currency: "RUB",
    total: 1_240_000,
    mode: "equal",
    shares: [{ userId: alice.id }, { userId: boris.id }, { userId: vera.id }, { userId: null }],
  });
  const borisShare = dinner.shares.find((share) => share.position === 1)?.requestToken;
  const borisWallet = boris.wallets[0]?.id;
  if (borisShare && borisWallet) {
    await payRequest({ token: borisShare, userId: boris.id, walletId: borisWallet, idempotencyKey: null });
  }
  await createSplit({
    organiserId: vera.id,
    idempotencyKey: null,
    title: "Такси из аэропорта",
    currency: "RUB",
    total: 320_000,
    mode: "amounts",
    shares: [{ userId: vera.id, amount: 120_000 }, { userId: alice.id, amount: 200_000 }],
  });
  return 2;
}
