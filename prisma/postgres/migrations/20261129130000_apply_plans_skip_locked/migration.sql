-- Written by npm run db:function from prisma/postgres/functions/ (minibank_apply_plan.sql, minibank_apply_plans.sql).

-- Applies one transfer plan that the ledger decided (lib/server/ledger/postings.ts), as one JSON
-- document, all or nothing, in one statement: the PostgreSQL side of lib/server/ledger/store-engine.ts,
-- which does the same steps as statements in a transaction on SQLite.
--
-- The plan: the transfer's row (its keys named as the columns of "Transfer": one description of
-- them, lib/server/ledger/transfer-row.ts; a new column needs no change here), its postings
-- [{walletId, currency, amount, tracked}], maxBalance, an optional topUpWindow {since, limit}, and its effects:
--   payRequest {requestId, payerId}       the request must be pending and unexpired; it becomes paid
--   notice {userId, channel, address, text}  "money arrived", queued in the outbox
--   recordKey {userId, key, requestHash}  the Idempotency-Key, recorded with its transfer
--   countSent {userId, windowStart, previousStart, limit}  one more on the sender's sending counter
--                                         (lib/server/ledger/transfer-limits.ts); refused
--                                         (SENDING_LIMIT) when it already holds `limit`
--   countLookup {userId, windowStart, previousStart}  one more on the sender's lookup counter
--                                         (lib/server/users/lookup-limit.ts)
--   spendLimit {userId, currency, dayStart, monthStart, daily, monthly}  the sender's own limits
--                                         (lib/server/ledger/spending-limits.ts): sent to others in
--                                         `currency` since dayStart (monthStart), with this
--                                         transfer, may not pass daily (monthly; null: none), else
--                                         SPENDING_DAILY_LIMIT (SPENDING_MONTHLY_LIMIT)
--   roundUp {row}                         after the transfer, a second one (`row`, a transfer's row:
--                                         the account to its pocket) when the account still covers
--                                         it and the pocket is open and takes round-ups; else none
--                                         (lib/server/ledger/round-up.ts)
-- Amounts are decimal strings (bigint), instants ISO 8601 in UTC.
--
-- Answers one row: a refusal (nothing written) or the new transfer's id. This file is the one
-- definition: `npm run db:function` writes it into a new migration, and a test fails when the
-- newest migration defining the function differs from it. tests/api/engine-equality.test.ts
-- applies generated sequences of plans here and on SQLite and fails on any difference in the
-- rows written or the answers given.
CREATE OR REPLACE FUNCTION "minibank_apply_plan"(p_plan JSONB)
RETURNS TABLE ("refusal" TEXT, "id" INTEGER)
LANGUAGE plpgsql AS $$
DECLARE
  v_created TIMESTAMP(3) := ((p_plan->>'createdAt')::TIMESTAMPTZ AT TIME ZONE 'UTC')::TIMESTAMP(3);
  v_amount BIGINT := (p_plan->>'amount')::BIGINT;
  v_receiver INTEGER := (p_plan->>'receiverWalletId')::INTEGER;
  v_ids INTEGER[];
  v_deltas BIGINT[];
  v_done BIGINT;
  v_changed INTEGER;
  v_id INTEGER;
  v_status TEXT;
  v_effect JSONB;
  v_window TIMESTAMP(3);
  v_sent INTEGER;
  v_transfer "Transfer";
  v_day BIGINT;
  v_month BIGINT;
  v_round "Transfer";
BEGIN
  -- The tracked wallets' net changes, locked in id order. A plan naming a wallet that does not
  -- exist is a fault of its caller, not a refusal: it fails before any check can answer for it.
  SELECT COALESCE(array_agg(l.w ORDER BY l.w), '{}'), COALESCE(array_agg(l.delta ORDER BY l.w), '{}')
    INTO v_ids, v_deltas
    FROM (SELECT (e->>'walletId')::INTEGER AS w, SUM((e->>'amount')::BIGINT) AS delta
          FROM jsonb_array_elements(p_plan->'postings') AS e
          WHERE (e->>'tracked')::BOOLEAN GROUP BY 1) AS l;
  PERFORM 1 FROM "Wallet" WHERE "Wallet"."id" = ANY (v_ids) ORDER BY "Wallet"."id" FOR UPDATE;
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  IF v_changed <> cardinality(v_ids) THEN
    RAISE EXCEPTION 'transfer touches % wallets, % exist', cardinality(v_ids), v_changed;
  END IF;

  IF jsonb_typeof(p_plan->'topUpWindow') = 'object' THEN
    SELECT COALESCE(SUM(t."amount"), 0) INTO v_done FROM "Transfer" t
      WHERE t."kind" = 'topup' AND t."receiverWalletId" = v_receiver
        AND t."createdAt" >= ((p_plan->'topUpWindow'->>'since')::TIMESTAMPTZ AT TIME ZONE 'UTC')::TIMESTAMP(3);
    IF v_done + v_amount > (p_plan->'topUpWindow'->>'limit')::BIGINT THEN
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
             WHERE w."balance" + d.delta > (p_plan->>'maxBalance')::BIGINT) THEN
    RETURN QUERY SELECT 'BALANCE_LIMIT'::TEXT, NULL::INTEGER;
    RETURN;
  END IF;

  -- Effects that can refuse run before any write. The sending limit first (it writes nothing):
  -- the sender's transfers take turns on a transaction-scoped advisory lock (the two-key form,
  -- 1397050948 = 'SEND', and the user id) until they commit, so each reads the counter with every
  -- earlier transfer counted, whichever of the sender's wallets they leave from.
  FOR v_effect IN SELECT e FROM jsonb_array_elements(p_plan->'effects') AS e LOOP
    IF v_effect->>'type' = 'countSent' THEN
      PERFORM pg_advisory_xact_lock(1397050948, (v_effect->>'userId')::INTEGER);
      v_window := ((v_effect->>'windowStart')::TIMESTAMPTZ AT TIME ZONE 'UTC')::TIMESTAMP(3);
      SELECT CASE WHEN c."windowStart" >= v_window THEN c."current" + c."previous"
          WHEN c."windowStart" = ((v_effect->>'previousStart')::TIMESTAMPTZ AT TIME ZONE 'UTC')::TIMESTAMP(3)
            THEN c."current" ELSE 0 END
        INTO v_sent FROM "SendingCounter" c WHERE c."userId" = (v_effect->>'userId')::INTEGER;
      IF COALESCE(v_sent, 0) >= (v_effect->>'limit')::INTEGER THEN
        RETURN QUERY SELECT 'SENDING_LIMIT'::TEXT, NULL::INTEGER;
        RETURN;
      END IF;
    ELSIF v_effect->>'type' = 'spendLimit' THEN
      -- The customer's own limits, summed under the same turn as the sending counter.
      PERFORM pg_advisory_xact_lock(1397050948, (v_effect->>'userId')::INTEGER);
      SELECT COALESCE(SUM(CASE WHEN t."createdAt" >= ((v_effect->>'dayStart')::TIMESTAMPTZ AT TIME ZONE 'UTC')::TIMESTAMP(3)
          THEN t."amount" ELSE 0 END), 0), COALESCE(SUM(t."amount"), 0)
        INTO v_day, v_month
        FROM "Transfer" t JOIN "Wallet" r ON r."id" = t."receiverWalletId"
        WHERE t."senderWalletId" IN (SELECT w."id" FROM "Wallet" w
            WHERE w."userId" = (v_effect->>'userId')::INTEGER AND w."currency" = v_effect->>'currency')
          AND r."userId" <> (v_effect->>'userId')::INTEGER
          AND t."createdAt" >= ((v_effect->>'monthStart')::TIMESTAMPTZ AT TIME ZONE 'UTC')::TIMESTAMP(3);
      IF jsonb_typeof(v_effect->'daily') = 'string' AND v_day + v_amount > (v_effect->>'daily')::BIGINT THEN
        RETURN QUERY SELECT 'SPENDING_DAILY_LIMIT'::TEXT, NULL::INTEGER;
        RETURN;
      END IF;
      IF jsonb_typeof(v_effect->'monthly') = 'string' AND v_month + v_amount > (v_effect->>'monthly')::BIGINT THEN
        RETURN QUERY SELECT 'SPENDING_MONTHLY_LIMIT'::TEXT, NULL::INTEGER;
        RETURN;
      END IF;
    END IF;
  END LOOP;
  -- Paying a request: of two payers at once the second (waiting on the receiver's wallet lock,
  -- then on this row) finds it paid.
  FOR v_effect IN SELECT e FROM jsonb_array_elements(p_plan->'effects') AS e LOOP
    IF v_effect->>'type' = 'payRequest' THEN
      UPDATE "PaymentRequest" r SET "status" = 'paid', "payerId" = (v_effect->>'payerId')::INTEGER, "paidAt" = v_created
        WHERE r."id" = (v_effect->>'requestId')::INTEGER AND r."status" = 'pending' AND r."expiresAt" > v_created;
      GET DIAGNOSTICS v_changed = ROW_COUNT;
      IF v_changed = 0 THEN
        SELECT r."status" INTO v_status FROM "PaymentRequest" r WHERE r."id" = (v_effect->>'requestId')::INTEGER;
        RETURN QUERY SELECT (CASE v_status WHEN 'paid' THEN 'REQUEST_PAID'
          WHEN 'cancelled' THEN 'REQUEST_CANCELLED' ELSE 'REQUEST_EXPIRED' END)::TEXT, NULL::INTEGER;
        RETURN;
      END IF;
    ELSIF v_effect->>'type' NOT IN ('notice', 'recordKey', 'countSent', 'countLookup', 'spendLimit', 'roundUp') THEN
      RAISE EXCEPTION 'unknown effect %', v_effect->>'type';
    END IF;
  END LOOP;

  UPDATE "Wallet" w SET "balance" = w."balance" + d.delta
    FROM unnest(v_ids, v_deltas) AS d(w, delta) WHERE w."id" = d.w;
  -- The row from the plan's keys that name its columns (instants in UTC: a timestamp without
  -- time zone takes the ISO text's clock time and ignores its "Z"), with the next id.
  v_transfer := jsonb_populate_record(NULL::"Transfer", p_plan);
  v_transfer."id" := nextval('"Transfer_id_seq"');
  INSERT INTO "Transfer" SELECT (v_transfer).*;
  v_id := v_transfer."id";
  INSERT INTO "Posting" ("transferId", "walletId", "currency", "amount")
    SELECT v_id, (e->>'walletId')::INTEGER, e->>'currency', (e->>'amount')::BIGINT
    FROM jsonb_array_elements(p_plan->'postings') WITH ORDINALITY AS u(e, n) ORDER BY u.n;

  -- Effects that record what the transfer did, with its id.
  FOR v_effect IN SELECT e FROM jsonb_array_elements(p_plan->'effects') AS e LOOP
    CASE v_effect->>'type'
      WHEN 'payRequest' THEN
        UPDATE "PaymentRequest" r SET "transferId" = v_id WHERE r."id" = (v_effect->>'requestId')::INTEGER;
      WHEN 'notice' THEN
        INSERT INTO "Notification" ("transferId", "userId", "channel", "address", "text", "status",
            "attempts", "nextAttemptAt", "createdAt")
          VALUES (v_id, (v_effect->>'userId')::INTEGER, v_effect->>'channel', v_effect->>'address',
            v_effect->>'text', 'pending', 0, v_created, v_created);
      WHEN 'recordKey' THEN
        INSERT INTO "IdempotencyKey" ("userId", "key", "requestHash", "transferId", "refusal", "createdAt")
          VALUES ((v_effect->>'userId')::INTEGER, v_effect->>'key', v_effect->>'requestHash', v_id, NULL, v_created);
      WHEN 'countSent' THEN
        -- A counter of this window (or a later one, written by an instance whose clock runs
        -- ahead) gains one; one of the window before moves to "previous" and the new window
        -- starts at one; an older one starts over.
        v_window := ((v_effect->>'windowStart')::TIMESTAMPTZ AT TIME ZONE 'UTC')::TIMESTAMP(3);
        INSERT INTO "SendingCounter" AS c ("userId", "windowStart", "current", "previous")
          VALUES ((v_effect->>'userId')::INTEGER, v_window, 1, 0)
          ON CONFLICT ("userId") DO UPDATE SET
            "previous" = CASE WHEN c."windowStart" >= v_window THEN c."previous"
              WHEN c."windowStart" = ((v_effect->>'previousStart')::TIMESTAMPTZ AT TIME ZONE 'UTC')::TIMESTAMP(3)
                THEN c."current" ELSE 0 END,
            "current" = CASE WHEN c."windowStart" >= v_window THEN c."current" + 1 ELSE 1 END,
            "windowStart" = GREATEST(c."windowStart", v_window);
      WHEN 'countLookup' THEN
        -- The same step on the lookup counter.
        v_window := ((v_effect->>'windowStart')::TIMESTAMPTZ AT TIME ZONE 'UTC')::TIMESTAMP(3);
        INSERT INTO "LookupCounter" AS c ("userId", "windowStart", "current", "previous")
          VALUES ((v_effect->>'userId')::INTEGER, v_window, 1, 0)
          ON CONFLICT ("userId") DO UPDATE SET
            "previous" = CASE WHEN c."windowStart" >= v_window THEN c."previous"
              WHEN c."windowStart" = ((v_effect->>'previousStart')::TIMESTAMPTZ AT TIME ZONE 'UTC')::TIMESTAMP(3)
                THEN c."current" ELSE 0 END,
            "current" = CASE WHEN c."windowStart" >= v_window THEN c."current" + 1 ELSE 1 END,
            "windowStart" = GREATEST(c."windowStart", v_window);
      WHEN 'spendLimit' THEN
        NULL; -- checked above; the transfer's own row is its record
      WHEN 'roundUp' THEN
        -- The account is locked already (it sent the transfer); its pocket after it (a pocket's
        -- wallet is always newer than its account's, and every movement of a pocket locks both).
        v_round := jsonb_populate_record(NULL::"Transfer", v_effect->'row');
        PERFORM 1 FROM "Wallet" w WHERE w."id" = v_round."receiverWalletId" FOR UPDATE;
        IF EXISTS (SELECT 1 FROM "Wallet" a JOIN "Wallet" p ON p."id" = v_round."receiverWalletId"
              JOIN "Pocket" k ON k."walletId" = p."id" AND k."closedAt" IS NULL AND k."roundUp" > 0
            WHERE a."id" = v_round."senderWalletId" AND a."balance" >= v_round."amount"
              AND p."balance" + v_round."amount" <= (p_plan->>'maxBalance')::BIGINT) THEN
          UPDATE "Wallet" w SET "balance" = w."balance" - v_round."amount" WHERE w."id" = v_round."senderWalletId";
          UPDATE "Wallet" w SET "balance" = w."balance" + v_round."amount" WHERE w."id" = v_round."receiverWalletId";
          v_round."id" := nextval('"Transfer_id_seq"');
          INSERT INTO "Transfer" SELECT (v_round).*;
          INSERT INTO "Posting" ("transferId", "walletId", "currency", "amount") VALUES
            (v_round."id", v_round."senderWalletId", v_round."currency", -v_round."amount"),
            (v_round."id", v_round."receiverWalletId", v_round."currency", v_round."amount");
        END IF;
    END CASE;
  END LOOP;
  RETURN QUERY SELECT NULL::TEXT, v_id;
END
$$;

-- Applies a batch of transfer plans (each as minibank_apply_plan reads it) in one transaction —
-- one commit, one WAL flush for all of them: the PostgreSQL side of the group commit in
-- lib/server/db/postgres-group-commit.ts.
--
-- Each plan runs in its own subtransaction (a BEGIN … EXCEPTION block): a refusal writes nothing,
-- and an error (a duplicate Idempotency-Key, say) undoes that plan alone; its neighbours go on.
-- Every tracked wallet of the batch is locked first, at once and in id order, so two batches
-- never wait for each other in a circle (each plan would otherwise lock its wallets in turn).
--
-- p_wait false (what a group asks first): a wallet another transaction holds — the group of
-- another instance, most often — is skipped rather than waited for, and every plan that needs it
-- leaves the batch unapplied, answered 55P03 (lock_not_available), for a later group of its
-- instance; the rest commit without waiting for the other group's commit. p_wait true (a plan left
-- behind several times): every wallet is waited for, as one group of one instance always could.
--
-- Answers one row per plan, by its place in the array (1-based): a refusal, the new transfer's id,
-- or the error that undid it (SQLSTATE and message).
DROP FUNCTION IF EXISTS "minibank_apply_plans"(JSONB);
CREATE OR REPLACE FUNCTION "minibank_apply_plans"(p_plans JSONB, p_wait BOOLEAN DEFAULT TRUE)
RETURNS TABLE ("n" INTEGER, "refusal" TEXT, "id" INTEGER, "errorCode" TEXT, "errorMessage" TEXT)
LANGUAGE plpgsql AS $$
DECLARE
  v_plan JSONB;
  v_n BIGINT;
  v_wanted INTEGER[];
  v_busy INTEGER[] := '{}';
BEGIN
  v_wanted := ARRAY(
    SELECT DISTINCT (e->>'walletId')::INTEGER
    FROM jsonb_array_elements(p_plans) AS p, jsonb_array_elements(p->'postings') AS e
    WHERE (e->>'tracked')::BOOLEAN);
  IF p_wait THEN
    PERFORM 1 FROM "Wallet" WHERE "Wallet"."id" = ANY (v_wanted) ORDER BY "Wallet"."id" FOR UPDATE;
  ELSE
    -- Held elsewhere: the wallets that exist (a missing one is the plan's own refusal) but were
    -- not locked here.
    v_busy := ARRAY(
      SELECT w."id" FROM "Wallet" w WHERE w."id" = ANY (v_wanted)
      EXCEPT
      SELECT l."id" FROM (
        SELECT "Wallet"."id" FROM "Wallet" WHERE "Wallet"."id" = ANY (v_wanted)
        ORDER BY "Wallet"."id" FOR UPDATE SKIP LOCKED) AS l);
  END IF;

  FOR v_plan, v_n IN SELECT a.p, a.i FROM jsonb_array_elements(p_plans) WITH ORDINALITY AS a(p, i) LOOP
    n := v_n;
    refusal := NULL;
    id := NULL;
    "errorCode" := NULL;
    "errorMessage" := NULL;
    IF EXISTS (SELECT 1 FROM jsonb_array_elements(v_plan->'postings') AS e
               WHERE (e->>'tracked')::BOOLEAN AND (e->>'walletId')::INTEGER = ANY (v_busy)) THEN
      "errorCode" := '55P03';
      "errorMessage" := 'a wallet of this plan is locked by another transaction';
    ELSE
      BEGIN
        SELECT r."refusal", r."id" INTO refusal, id FROM "minibank_apply_plan"(v_plan) AS r;
      EXCEPTION WHEN OTHERS THEN
        refusal := NULL;
        id := NULL;
        "errorCode" := SQLSTATE;
        "errorMessage" := SQLERRM;
      END;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
