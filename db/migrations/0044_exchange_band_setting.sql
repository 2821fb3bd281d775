ALTER TABLE "exchange_markets" ALTER COLUMN "band_bps" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "exchange_markets" ALTER COLUMN "band_bps" DROP NOT NULL;--> statement-breakpoint
-- Markets still at the old default band follow the platform's band setting from now on; a market whose band an
-- admin ever changed keeps its own.
UPDATE "exchange_markets" SET "band_bps" = NULL WHERE "band_bps" = 2000 AND NOT EXISTS (
  SELECT 1 FROM "audit_log" a WHERE a."action" = 'exchange.market_updated' AND a."entity_id" = "exchange_markets"."property_id"::text AND a."summary" LIKE '%band set to%'
);
