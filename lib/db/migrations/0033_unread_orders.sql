-- Orders whose details could not be read yet (no summary; issue 31): the details worker looks for
-- them every few seconds and health counts them per channel. Without it each look read every
-- order (1.6–2.5 s at 1,000,000 orders on PostgreSQL); partial, it holds only those few.
CREATE INDEX "orders_unread_channel_idx" ON "orders" USING btree ("channel_id") WHERE "orders"."summary" is null;
