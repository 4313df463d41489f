/**
 * Pure storefront rules: testimonial stars (spec §2 "Testimonials"), the shop teaser's products
 * (spec §2 "Shop teaser", §9), the pixel event mapping (spec §3) and the sitemap/robots text.
 */
import { describe, expect, it } from "vitest";
import { starKinds } from "#app/components/ui/star-rating.tsx";
import type { PublicProduct } from "#common/catalog.ts";
import { teaserProducts } from "./catalog/shop-teaser";
import { pixelCall } from "./consent/meta-pixel";
import { TESTIMONIALS } from "./home/testimonials";
import { absoluteUrl, pageMeta } from "./seo/meta";

function product(id: number, category: string, stock = 5): PublicProduct {
  return {
    id,
    name: `P${id}`,
    description: "",
    price: 1000,
    image: `/images/p${id}.svg`,
    imageUrl: `/images/p${id}.svg`,
    category,
    stock,
    rating: 4,
    details: null,
    ingredients: null,
    howToUse: null,
    benefits: [],
  };
}

describe("testimonial stars", () => {
  it("shows full, half and empty stars", () => {
    expect(starKinds(5)).toEqual(["full", "full", "full", "full", "full"]);
    expect(starKinds(4.5)).toEqual(["full", "full", "full", "full", "half"]);
    expect(starKinds(3)).toEqual(["full", "full", "full", "empty", "empty"]);
    expect(starKinds(0)).toEqual(["empty", "empty", "empty", "empty", "empty"]);
  });
  it("has the three samples rated 5, 5 and 4.5", () => {
    expect(TESTIMONIALS.map((t) => t.rating)).toEqual([5, 5, 4.5]);
  });
});

describe("shop teaser products", () => {
  it("keeps at most 4 per category, in-stock first under 'all'", () => {
    const list = [
      product(1, "serums", 0),
      ...[2, 3, 4, 5, 6].map((id) => product(id, "serums")),
      product(7, "masks"),
    ];
    const result = teaserProducts(list);
    expect(result.all?.map((p) => p.id)).toEqual([2, 3, 4, 5]);
    expect(result.serums).toHaveLength(4);
    expect(result.masks?.map((p) => p.id)).toEqual([7]);
    expect(result.suncare).toEqual([]);
  });
});

describe("pixel events", () => {
  it("maps a service booking to Schedule with value and NGN", () => {
    expect(
      pixelCall({
        name: "service-booking",
        payload: { serviceName: "HydraFacial", serviceId: "4", price: 180000, currency: "NGN" },
      }),
    ).toEqual([
      "track",
      "Schedule",
      { content_name: "HydraFacial", content_ids: ["4"], value: 180000, currency: "NGN" },
    ]);
  });
  it("maps a purchase with its total, order id and items", () => {
    const [, name, params] = pixelCall({
      name: "purchase",
      payload: {
        products: [{ id: "1", name: "Serum", quantity: 2 }],
        totalValue: 52000,
        currency: "NGN",
        orderId: "ORD-1",
      },
    });
    expect(name).toBe("Purchase");
    expect(params).toMatchObject({
      value: 52000,
      currency: "NGN",
      order_id: "ORD-1",
      num_items: 2,
    });
  });
  it("sends schedule attempts as a custom event", () => {
    expect(
      pixelCall({
        name: "schedule-attempt",
        payload: { serviceName: "X", serviceId: "1", step: "submit" },
      }).slice(0, 2),
    ).toEqual(["trackCustom", "ScheduleAttempt"]);
  });
});

describe("page meta", () => {
  it("makes absolute canonical, og:url and og:image", () => {
    const tags = pageMeta({
      title: "T",
      description: "D",
      path: "/shop?category=serums",
      origin: "https://glowhaven.ng",
      image: "/images/x.svg",
    });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://glowhaven.ng/shop?category=serums",
    });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://glowhaven.ng/images/x.svg",
    });
    expect(absoluteUrl("https://a.ng/", "https://cdn.ng/i.png")).toBe("https://cdn.ng/i.png");
  });

  it("shares the default JPEG preview image with its size; a page's own image without one", () => {
    const base = { title: "T", description: "D", path: "/", origin: "https://glowhaven.ng" };
    const tags = pageMeta(base);
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://glowhaven.ng/images/og-default.jpg",
    });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ property: "og:image:height", content: "630" });
    const own = pageMeta({ ...base, image: "/images/x.svg" });
    expect(own.some((t) => "property" in t && t.property === "og:image:width")).toBe(false);
  });
});
