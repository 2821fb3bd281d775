-- The liquidity pool's budgets become effective-dated settings (poolTotalBudget, poolPerPropertyBudget): a budget
-- already set on the exchange screen carries over from the day it was set. The old columns stay, unused.
INSERT INTO "platform_setting_changes" ("key", "value", "effective_from", "reason", "changed_by")
SELECT 'poolTotalBudget', to_jsonb("total_budget"::text), ("updated_at" AT TIME ZONE 'Asia/Dubai')::date, 'Carried over from the exchange screen', "updated_by"
  FROM "exchange_pool" WHERE "total_budget" > 0;--> statement-breakpoint
INSERT INTO "platform_setting_changes" ("key", "value", "effective_from", "reason", "changed_by")
SELECT 'poolPerPropertyBudget', to_jsonb("per_property_budget"::text), ("updated_at" AT TIME ZONE 'Asia/Dubai')::date, 'Carried over from the exchange screen', "updated_by"
  FROM "exchange_pool" WHERE "per_property_budget" > 0;
