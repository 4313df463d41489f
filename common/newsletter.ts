/** Newsletter sign-up rules and messages (storefront spec §5 "Newsletter", §8). */
import { z } from "zod";

export const NEWSLETTER_MESSAGES = {
  email: "Please enter a valid email address",
  consent: "You must agree to the privacy policy",
} as const;

export const newsletterSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_MESSAGES.email })
    .trim()
    .pipe(z.email(NEWSLETTER_MESSAGES.email).max(254, NEWSLETTER_MESSAGES.email)),
  consent: z.literal(true, { error: NEWSLETTER_MESSAGES.consent }),
});
export type NewsletterValues = z.infer<typeof newsletterSchema>;
