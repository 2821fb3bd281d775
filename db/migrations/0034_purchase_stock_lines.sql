ALTER TABLE "purchase_order_lines" ADD COLUMN "stock_item_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase_request_lines" ADD COLUMN "stock_item_id" uuid;