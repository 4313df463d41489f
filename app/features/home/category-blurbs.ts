/**
 * Short descriptions of the treatment categories for the home page's services teaser
 * (storefront spec §2 "Home" services teaser: categories with descriptions are facial,
 * chemical-peel, microneedling, body, dental, massage, laser, iv-drip, fillers-botox,
 * pdo-threads, body-scrubs, skin-tag-removal).
 */
export const CATEGORY_BLURBS: Record<string, string> = {
  facial:
    "Deep-cleansing, brightening and hydrating facials for a clear, even glow, tailored to your skin type.",
  "chemical-peel":
    "Gentle to advanced peels that fade dark marks, calm acne and refine texture, safe for melanin-rich skin.",
  microneedling:
    "Collagen induction that softens acne scars, fine lines and stretch marks with little downtime.",
  body: "Non-surgical fat reduction, skin tightening and contouring programmes to sculpt and firm.",
  dental: "Scaling, polishing and in-clinic whitening for a healthy, confident smile.",
  massage: "Swedish, deep tissue and hot stone massage to melt away stress and muscle tension.",
  laser: "Laser hair removal and skin rejuvenation with settings chosen for darker skin tones.",
  "iv-drip": "Hydration, immunity and glow drips to restore energy and radiance from within.",
  "fillers-botox":
    "Anti-wrinkle injections and dermal fillers that soften lines and restore volume, after a consultation.",
  "pdo-threads": "PDO thread lifts that lift and tighten the face and jawline without surgery.",
  "body-scrubs": "Exfoliating scrubs and polishes that leave skin soft, smooth and even-toned.",
  "skin-tag-removal": "Quick, precise removal of skin tags, moles and warts by our clinicians.",
};

/** The category tiles of the teaser: eight, in two rows of four (spec §2). */
export const TEASER_CATEGORY_IDS = [
  "facial",
  "chemical-peel",
  "microneedling",
  "body",
  "dental",
  "massage",
  "laser",
  "iv-drip",
] as const;

/** Placeholder cards shown while the teaser loads (spec §9). */
export const SERVICES_TEASER_PLACEHOLDERS = 6;
