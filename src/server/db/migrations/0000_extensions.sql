-- pg_trgm powers partial-word product search (DECISIONS §1: extensions get a migration of their own).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
