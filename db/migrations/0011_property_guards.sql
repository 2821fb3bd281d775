-- Properties: the share counters can never go below zero nor past the total (purchases update
-- shares_sold with a conditional UPDATE; this is the last line of defence), and the funding target
-- is exactly share price × total shares (share units are SHARE_SCALE = 10,000 to a share).
ALTER TABLE "properties" ADD CONSTRAINT "properties_shares_sold_range" CHECK ("shares_sold" >= 0 AND "shares_sold" <= "total_shares");
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_funding_target_matches" CHECK ("funding_target" * 10000 = "share_price" * "total_shares");
