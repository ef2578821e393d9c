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
