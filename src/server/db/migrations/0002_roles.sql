-- Roles are reference data every install needs (docs/product/api.md#resources), so a migration makes them, not the demo seed.
INSERT INTO "roles" ("name") VALUES
  ('Buyer'), ('Seller-Individual'), ('Seller-Company'), ('Admin'), ('Auditor'), ('Distributor')
ON CONFLICT ("name") DO NOTHING;
