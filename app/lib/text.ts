/**
 * Text helpers for cards and meta tags (storefront spec §9 "Truncation": product card
 * description 50 characters, product meta description 150).
 */

export const PRODUCT_CARD_DESCRIPTION_LENGTH = 50;
export const PRODUCT_META_DESCRIPTION_LENGTH = 150;

/**
 * The first `max` characters of `text` plus '...' when it is longer; the text itself otherwise.
 * Cut exactly at `max` and with three dots, as the spec writes ellipses ('Submitting...'), so the
 * visible text starts with the description's first `max` characters, spaces included.
 */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** 'item' or 'items' after a count: '1 item', '2 items'. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
