/** Newsletter sign-ups (storefront spec §5 "Newsletter", §7). */
import type { NewsletterValues } from "#common/newsletter.ts";
import type { Db } from "#server/db/client.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";

/**
 * Subscribes an email (lower-cased). A repeat subscription is accepted and writes nothing new.
 * @returns whether a new subscriber row was created.
 */
export async function subscribe(db: Db, input: NewsletterValues): Promise<{ created: boolean }> {
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email: input.email.toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return { created: rows.length > 0 };
}
