-- A transfer may carry the sender's message to the receiver (plain text, at most 140 characters).
ALTER TABLE "Transfer" ADD COLUMN "message" TEXT;

-- minibank_apply_transfer (20261124000000_derived_bank_balances) writes the message with the
-- transfer: the same function with one parameter more, so the old signature goes first.
DROP FUNCTION "minibank_apply_transfer"(TEXT, INTEGER, INTEGER, BIGINT, TEXT, BIGINT, TEXT, TEXT,
  TIMESTAMP(3), INTEGER[], TEXT[], BIGINT[], BOOLEAN[], BIGINT, TIMESTAMP(3), BIGINT, INTEGER, TEXT,
  TEXT, INTEGER, TEXT, TEXT, TEXT);

CREATE OR REPLACE FUNCTION "minibank_apply_transfer"(
  p_kind TEXT, p_sender INTEGER, p_receiver INTEGER, p_amount BIGINT, p_currency TEXT,
  p_received BIGINT, p_received_currency TEXT, p_rate TEXT, p_created_at TIMESTAMP(3),
  p_wallets INTEGER[], p_currencies TEXT[], p_amounts BIGINT[], p_tracked BOOLEAN[],
  p_max_balance BIGINT, p_topup_since TIMESTAMP(3), p_topup_limit BIGINT,
  p_key_user INTEGER, p_key TEXT, p_key_hash TEXT,
  p_notice_user INTEGER, p_notice_channel TEXT, p_notice_address TEXT, p_notice_text TEXT,
  p_message TEXT
) RETURNS TABLE ("refusal" TEXT, "id" INTEGER)
LANGUAGE plpgsql AS $$
DECLARE
  v_ids INTEGER[];
  v_deltas BIGINT[];
  v_done BIGINT;
  v_changed INTEGER;
  v_id INTEGER;
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
