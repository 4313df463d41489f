/** Newsletter sign-ups (storefront spec §5 "Newsletter", §7). */
import type { NewsletterValues } from "#common/newsletter.ts";
import type { Db } from "#server/db/client.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";
import { ensureClient } from "#server/modules/clients/service.ts";

/**
 * Subscribes an email (lower-cased) and, in the same transaction, makes sure the person is a
 * client (a 'prospect' from the website when new) with marketing consent recorded with its date
 * and source 'newsletter' (issue 12; NDPA 2023). A repeat subscription is accepted and writes
 * nothing new.
 * @returns whether a new subscriber row was created.
 */
export async function subscribe(db: Db, input: NewsletterValues): Promise<{ created: boolean }> {
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(newsletterSubscribers)
      .values({ email })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id });
    await ensureClient(
      tx,
      { email },
      { source: "website", status: "prospect", consent: "newsletter" },
    );
    return { created: rows.length > 0 };
  });
}
