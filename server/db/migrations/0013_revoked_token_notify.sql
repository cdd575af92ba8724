-- Hand-written: every recorded sign-out is announced on the 'revoked_tokens' channel when its
-- transaction commits, so the other server processes listening there (server/auth/
-- revocation-listener.ts) refuse the token at once instead of at their next refresh. The payload
-- is the token id; a listener reads the row itself.
CREATE FUNCTION "revoked_tokens_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('revoked_tokens', NEW."jti"::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "revoked_tokens_notify" AFTER INSERT ON "revoked_tokens"
  FOR EACH ROW EXECUTE FUNCTION "revoked_tokens_notify"();
