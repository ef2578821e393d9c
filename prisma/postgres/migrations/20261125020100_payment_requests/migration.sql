-- CreateTable
CREATE TABLE "PaymentRequest" (
    "id" SERIAL NOT NULL,
    "token" TEXT NOT NULL,
    "requesterId" INTEGER NOT NULL,
    "walletId" INTEGER NOT NULL,
    "amount" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "message" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "transferId" INTEGER,
    "payerId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "paidAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),

    CONSTRAINT "PaymentRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PaymentRequest_token_key" ON "PaymentRequest"("token");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentRequest_transferId_key" ON "PaymentRequest"("transferId");

-- CreateIndex
CREATE INDEX "PaymentRequest_requesterId_id_idx" ON "PaymentRequest"("requesterId", "id");


-- minibank_apply_transfer pays a request in the same statement as the transfer (one parameter
-- pair more), so the previous signature goes first.
DROP FUNCTION "minibank_apply_transfer"(TEXT, INTEGER, INTEGER, BIGINT, TEXT, BIGINT, TEXT, TEXT,
  TIMESTAMP(3), INTEGER[], TEXT[], BIGINT[], BOOLEAN[], BIGINT, TIMESTAMP(3), BIGINT, INTEGER, TEXT,
  TEXT, INTEGER, TEXT, TEXT, TEXT, TEXT);

CREATE OR REPLACE FUNCTION "minibank_apply_transfer"(
  p_kind TEXT, p_sender INTEGER, p_receiver INTEGER, p_amount BIGINT, p_currency TEXT,
  p_received BIGINT, p_received_currency TEXT, p_rate TEXT, p_created_at TIMESTAMP(3),
  p_wallets INTEGER[], p_currencies TEXT[], p_amounts BIGINT[], p_tracked BOOLEAN[],
  p_max_balance BIGINT, p_topup_since TIMESTAMP(3), p_topup_limit BIGINT,
  p_key_user INTEGER, p_key TEXT, p_key_hash TEXT,
  p_notice_user INTEGER, p_notice_channel TEXT, p_notice_address TEXT, p_notice_text TEXT,
  p_message TEXT, p_request INTEGER, p_payer INTEGER
) RETURNS TABLE ("refusal" TEXT, "id" INTEGER)
LANGUAGE plpgsql AS $$
DECLARE
  v_ids INTEGER[];
  v_deltas BIGINT[];
  v_done BIGINT;
  v_changed INTEGER;
  v_id INTEGER;
  v_request_status TEXT;
BEGIN
  SELECT COALESCE(array_agg(l.w ORDER BY l.w), '{}'), COALESCE(array_agg(l.delta ORDER BY l.w), '{}')
    INTO v_ids, v_deltas
    FROM (SELECT u.w, SUM(u.a) AS delta
          FROM unnest(p_wallets, p_amounts, p_tracked) AS u(w, a, t) WHERE u.t GROUP BY u.w) AS l;
  PERFORM 1 FROM "Wallet" WHERE "Wallet"."id" = ANY (v_ids) ORDER BY "Wallet"."id" FOR UPDATE;

  IF p_topup_limit IS NOT NULL THEN
    SELECT COALESCE(SUM(t."amount"), 0) INTO v_done FROM "Transfer" t
      WHERE t."kind" = 'topup' AND t."receiverWalletId" = p_receiver AND t."createdAt" >= p_topup_since;
    IF v_done + p_amount > p_topup_limit THEN
      RETURN QUERY SELECT 'TOPUP_DAILY_LIMIT'::TEXT, NULL::INTEGER;
      RETURN;
    END IF;
  END IF;
  IF EXISTS (SELECT 1 FROM "Wallet" w JOIN unnest(v_ids, v_deltas) AS d(w, delta) ON d.w = w."id"
             WHERE w."balance" + d.delta < 0) THEN
    RETURN QUERY SELECT 'INSUFFICIENT_FUNDS'::TEXT, NULL::INTEGER;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM "Wallet" w JOIN unnest(v_ids, v_deltas) AS d(w, delta) ON d.w = w."id"
             WHERE w."balance" + d.delta > p_max_balance) THEN
    RETURN QUERY SELECT 'BALANCE_LIMIT'::TEXT, NULL::INTEGER;
    RETURN;
  END IF;

  -- Paying a request: it must still be pending and unexpired, and becomes paid here, before any
  -- other write, so of two payers at once the second (waiting on the receiver's wallet lock, then
  -- on this row) finds it paid and writes nothing.
  IF p_request IS NOT NULL THEN
    UPDATE "PaymentRequest" r SET "status" = 'paid', "payerId" = p_payer, "paidAt" = p_created_at
      WHERE r."id" = p_request AND r."status" = 'pending' AND r."expiresAt" > p_created_at;
    GET DIAGNOSTICS v_changed = ROW_COUNT;
    IF v_changed = 0 THEN
      SELECT r."status" INTO v_request_status FROM "PaymentRequest" r WHERE r."id" = p_request;
      RETURN QUERY SELECT (CASE v_request_status WHEN 'paid' THEN 'REQUEST_PAID'
        WHEN 'cancelled' THEN 'REQUEST_CANCELLED' ELSE 'REQUEST_EXPIRED' END)::TEXT, NULL::INTEGER;
      RETURN;
    END IF;
  END IF;

  UPDATE "Wallet" w SET "balance" = w."balance" + d.delta
    FROM unnest(v_ids, v_deltas) AS d(w, delta) WHERE w."id" = d.w;
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  IF v_changed <> cardinality(v_ids) THEN
    RAISE EXCEPTION 'transfer touches % wallets, % exist', cardinality(v_ids), v_changed;
  END IF;
  INSERT INTO "Transfer" ("kind", "senderWalletId", "receiverWalletId", "amount", "currency",
      "receivedAmount", "receivedCurrency", "rate", "message", "createdAt")
    VALUES (p_kind, p_sender, p_receiver, p_amount, p_currency, p_received, p_received_currency,
      p_rate, p_message, p_created_at)
    RETURNING "Transfer"."id" INTO v_id;
  INSERT INTO "Posting" ("transferId", "walletId", "currency", "amount")
    SELECT v_id, u.w, u.c, u.a FROM unnest(p_wallets, p_currencies, p_amounts) WITH ORDINALITY AS u(w, c, a, n)
    ORDER BY u.n;
  IF p_request IS NOT NULL THEN
    UPDATE "PaymentRequest" r SET "transferId" = v_id WHERE r."id" = p_request;
  END IF;
  IF p_notice_channel IS NOT NULL THEN
    INSERT INTO "Notification" ("transferId", "userId", "channel", "address", "text", "status",
        "attempts", "nextAttemptAt", "createdAt")
      VALUES (v_id, p_notice_user, p_notice_channel, p_notice_address, p_notice_text, 'pending', 0,
        p_created_at, p_created_at);
  END IF;
  IF p_key IS NOT NULL THEN
    INSERT INTO "IdempotencyKey" ("userId", "key", "requestHash", "transferId", "refusal", "createdAt")
      VALUES (p_key_user, p_key, p_key_hash, v_id, NULL, p_created_at);
  END IF;
  RETURN QUERY SELECT NULL::TEXT, v_id;
END
$$;
