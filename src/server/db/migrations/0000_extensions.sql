-- pg_trgm powers partial-word product search (docs/product/deployment-safety.md#running-haat: extensions get a migration of their own).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
