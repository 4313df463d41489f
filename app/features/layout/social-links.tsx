/**
 * Links to the clinic's social media (storefront spec §1 "social links to Facebook, Instagram,
 * TikTok"; the TikTok link has no address in the contact data).
 */
import { clsx } from "clsx";
import { FacebookIcon, InstagramIcon, TikTokIcon } from "#app/components/ui/social-icons.tsx";
import { BUSINESS } from "#common/business.ts";

export const SOCIAL_LINKS = [
  { name: "Facebook", href: BUSINESS.socialMedia.facebook, Icon: FacebookIcon },
  { name: "Instagram", href: BUSINESS.socialMedia.instagram, Icon: InstagramIcon },
  { name: "TikTok", href: BUSINESS.socialMedia.tiktok, Icon: TikTokIcon },
] as const;

/** Whether a link leaves the site (and so opens in a new tab). */
function isExternal(href: string): boolean {
  return /^https?:\/\//.test(href);
}

/** The three social links as icon buttons with accessible names. */
export function SocialLinks({
  className,
  linkClassName,
  iconClassName = "h-4 w-4",
}: {
  className?: string;
  linkClassName?: string;
  iconClassName?: string;
}) {
  return (
    <ul className={clsx("flex items-center", className)}>
      {SOCIAL_LINKS.map(({ name, href, Icon }) => (
        <li key={name}>
          <a
            href={href}
            aria-label={name}
            className={clsx(
              "inline-flex items-center justify-center transition-colors",
              linkClassName,
            )}
            {...(isExternal(href) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            <Icon className={iconClassName} />
          </a>
        </li>
      ))}
    </ul>
  );
}
