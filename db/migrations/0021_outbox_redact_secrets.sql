-- Issue 10: the outbox keeps no secrets. Redact what earlier versions stored in full (idempotent):
-- links carrying a token become "[link removed]", emailed verification codes become "••••••".
UPDATE "email_outbox"
SET "text" = regexp_replace("text", 'https?://[^[:space:]]*[?&]token=[^[:space:]]*', '[link removed]', 'g')
WHERE "text" ~ '[?&]token=';
--> statement-breakpoint
UPDATE "email_outbox"
SET "subject" = regexp_replace("subject", '[0-9]{6}', '••••••', 'g'),
    "text" = regexp_replace("text", '[0-9]{6}', '••••••', 'g')
WHERE "kind" = 'mfa_code' AND ("subject" ~ '[0-9]{6}' OR "text" ~ '[0-9]{6}');
