-- Applies a batch of transfer plans (each as minibank_apply_plan reads it) in one transaction —
-- one commit, one WAL flush for all of them: the PostgreSQL side of the group commit in
-- lib/server/db/postgres-group-commit.ts.
--
-- Each plan runs in its own subtransaction (a BEGIN … EXCEPTION block): a refusal writes nothing,
-- and an error (a duplicate Idempotency-Key, say) undoes that plan alone; its neighbours go on.
-- Every tracked wallet of the batch is locked first, at once and in id order, so two batches
-- never wait for each other in a circle (each plan would otherwise lock its wallets in turn).
--
-- Answers one row per plan, by its place in the array (1-based): a refusal, the new transfer's id,
-- or the error that undid it (SQLSTATE and message).
CREATE OR REPLACE FUNCTION "minibank_apply_plans"(p_plans JSONB)
RETURNS TABLE ("n" INTEGER, "refusal" TEXT, "id" INTEGER, "errorCode" TEXT, "errorMessage" TEXT)
LANGUAGE plpgsql AS $$
DECLARE
  v_plan JSONB;
  v_n BIGINT;
BEGIN
  PERFORM 1 FROM "Wallet" WHERE "Wallet"."id" IN (
      SELECT DISTINCT (e->>'walletId')::INTEGER
      FROM jsonb_array_elements(p_plans) AS p, jsonb_array_elements(p->'postings') AS e
      WHERE (e->>'tracked')::BOOLEAN)
    ORDER BY "Wallet"."id" FOR UPDATE;

  FOR v_plan, v_n IN SELECT a.p, a.i FROM jsonb_array_elements(p_plans) WITH ORDINALITY AS a(p, i) LOOP
    n := v_n;
    "errorCode" := NULL;
    "errorMessage" := NULL;
    BEGIN
      SELECT r."refusal", r."id" INTO refusal, id FROM "minibank_apply_plan"(v_plan) AS r;
    EXCEPTION WHEN OTHERS THEN
      refusal := NULL;
      id := NULL;
      "errorCode" := SQLSTATE;
      "errorMessage" := SQLERRM;
    END;
    RETURN NEXT;
  END LOOP;
END
$$;
