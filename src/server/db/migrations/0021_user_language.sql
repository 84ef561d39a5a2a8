-- The language a user chose in the header (docs/decisions/0135-languages.md): their pages, e-mails and PDFs
-- follow it on every browser they sign in on. Null until they choose.
ALTER TABLE "users" ADD COLUMN "language" text;