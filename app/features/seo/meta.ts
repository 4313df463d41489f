/**
 * Per-page findability tags (storefront issue "Findability"): title, meta description, canonical
 * URL, Open Graph and Twitter card tags, and JSON-LD for the clinic (a local business with its
 * address and opening hours) and for products (an offer in NGN). Link previews on WhatsApp,
 * Instagram and Facebook read the Open Graph tags, so every page and product gets its own.
 */
import type { MetaDescriptor } from "react-router";
import { BUSINESS } from "#common/business.ts";

/** Site name used in titles and og:site_name. */
export const SITE_NAME = BUSINESS.name;

/**
 * Default share image (absolute path on this site): a 1200×630 JPEG, since WhatsApp and Facebook
 * show no SVG preview (rendered from og-default.svg by scripts/build-share-image.ts, issue 15).
 */
export const DEFAULT_SHARE_IMAGE = "/images/og-default.jpg";

/** The default share image's size, told to link previews so they lay it out before fetching. */
const DEFAULT_SHARE_IMAGE_TAGS: MetaDescriptor[] = [
  { property: "og:image:type", content: "image/jpeg" },
  { property: "og:image:width", content: "1200" },
  { property: "og:image:height", content: "630" },
];

export type PageMetaInput = {
  /** Full document title. */
  title: string;
  /** Meta description (plain text, ideally 70-160 characters). */
  description: string;
  /** Path of the canonical URL, e.g. '/services'. */
  path: string;
  /** Absolute site origin, e.g. 'https://glowhaven.ng' (from the root loader). */
  origin: string;
  /** Site path or absolute URL of the share image. */
  image?: string;
  /** Pixel size of `image` (a JPEG), told to link previews like the default image's. */
  imageSize?: { width: number; height: number };
  /** Open Graph type (default 'website'). */
  type?: "website" | "product" | "article";
  /** Title for link previews when it should differ from the document title (e.g. with a price). */
  shareTitle?: string;
  /** Description for link previews when it should differ from the meta description. */
  shareDescription?: string;
  /** Extra tags (robots, product price, JSON-LD). */
  extra?: MetaDescriptor[];
};

/** Absolute URL of `pathOrUrl` on `origin`. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${origin.replace(/\/$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** The meta descriptors of one page: title, description, canonical, Open Graph and Twitter. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = absoluteUrl(input.origin, input.path);
  const image = absoluteUrl(input.origin, input.image ?? DEFAULT_SHARE_IMAGE);
  const shareTitle = input.shareTitle ?? input.title;
  const shareDescription = input.shareDescription ?? input.description;
  return [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "en_NG" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: shareTitle },
    { property: "og:description", content: shareDescription },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(input.image === undefined || input.image === DEFAULT_SHARE_IMAGE
      ? DEFAULT_SHARE_IMAGE_TAGS
      : input.imageSize
        ? [
            { property: "og:image:type", content: "image/jpeg" },
            { property: "og:image:width", content: String(input.imageSize.width) },
            { property: "og:image:height", content: String(input.imageSize.height) },
          ]
        : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: shareTitle },
    { name: "twitter:description", content: shareDescription },
    { name: "twitter:image", content: image },
    ...(input.extra ?? []),
  ];
}

/** Site origin from the root route's loader data, for meta functions. */
export function originFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** 'Mo-Sa 10:00-19:00' style opening hours of the clinic for schema.org. */
const OPENING_HOURS_SPEC = [
  {
    "@type": "OpeningHoursSpecification",
    dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    opens: "10:00",
    closes: "19:00",
  },
];

/** JSON-LD of the clinic as a local business (a medical spa) with address and opening hours. */
export function clinicJsonLd(origin: string): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": ["HealthAndBeautyBusiness", "MedicalBusiness"],
      "@id": `${absoluteUrl(origin, "/")}#clinic`,
      name: BUSINESS.name,
      alternateName: BUSINESS.shortName,
      url: absoluteUrl(origin, "/"),
      image: absoluteUrl(origin, DEFAULT_SHARE_IMAGE),
      telephone: BUSINESS.phone,
      email: BUSINESS.email,
      priceRange: "₦₦",
      currenciesAccepted: "NGN",
      address: {
        "@type": "PostalAddress",
        streetAddress: BUSINESS.streetAddress,
        addressLocality: BUSINESS.locality,
        addressRegion: BUSINESS.region,
        addressCountry: BUSINESS.country,
      },
      openingHoursSpecification: OPENING_HOURS_SPEC,
      sameAs: [BUSINESS.socialMedia.facebook, BUSINESS.socialMedia.instagram],
    },
  };
}
