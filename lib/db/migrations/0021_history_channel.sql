-- The history's channel filter (issue 28): one channel's orders in a time range, newest first,
-- read from the index in order even when the channel is a small share of its restaurant's orders.
CREATE INDEX "orders_channel_placed_idx" ON "orders" USING btree ("channel_id","placed_at","id");
