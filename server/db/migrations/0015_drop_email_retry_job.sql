-- Issue 27: one pipeline for outgoing messages. The email-retry job is gone (the messages job
-- retries every message), so its row would read on the Operations screen as a job that another
-- instance defines.
DELETE FROM "jobs" WHERE "name" = 'email-retry';
