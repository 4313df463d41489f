/**
 * Short descriptions of the treatment categories for the home page's services teaser
 * (storefront spec §2 "Home" services teaser).
 */
export const CATEGORY_BLURBS: Record<string, string> = {
  facial: "Deep-cleansing, brightening and hydrating facials for a clear, even glow.",
  "chemical-peel": "Gentle to advanced peels that fade dark marks and refine texture.",
  microneedling: "Collagen induction to soften acne scars, fine lines and stretch marks.",
  body: "Non-surgical fat reduction, skin tightening and body contouring.",
  dental: "Scaling, polishing and in-clinic whitening for a confident smile.",
  massage: "Swedish, deep tissue and hot stone massage to melt away stress.",
  laser: "Laser hair removal and skin rejuvenation, safe for darker skin tones.",
  "iv-drip": "Hydration, immunity and glow drips to restore you from within.",
};

/** The categories the teaser shows, first four in one row and the rest below. */
export const TEASER_CATEGORY_IDS = Object.keys(CATEGORY_BLURBS);
