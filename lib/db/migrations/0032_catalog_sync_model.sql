-- The catalogue sync model each platform declares in its 2.0 manifest (issue 29): PULL, PUSH_FULL
-- or PUSH_CRUD decides how Comanda's availability changes reach it. Null: not declared.
ALTER TABLE "connection_discovery" ADD COLUMN "catalog_sync_model" text;
