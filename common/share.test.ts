/** Click-to-chat links for Request Review (issue 17). */
import { describe, expect, it } from "vitest";
import { reviewRequestText, whatsappShareUrl } from "./share.ts";

describe("whatsappShareUrl", () => {
  const link = "https://glowhaven.ng/review/7?sig=abc_DEF-123";

  it("opens a chat with the booking's number in E.164 digits, the message URL-encoded", () => {
    const url = new URL(whatsappShareUrl("0803 123 4567", `Rate us & more: ${link}`));
    expect(url.origin + url.pathname).toBe("https://wa.me/2348031234567");
    expect(url.searchParams.get("text")).toBe(`Rate us & more: ${link}`);
    expect(whatsappShareUrl("+234 803 123 4567", "x")).toBe("https://wa.me/2348031234567?text=x");
  });

  it("lets staff pick the person in WhatsApp when the booking has no usable number", () => {
    expect(whatsappShareUrl(null, "hi there")).toBe("https://wa.me/?text=hi%20there");
    expect(whatsappShareUrl("", "x")).toBe("https://wa.me/?text=x");
    expect(whatsappShareUrl("12345", "x")).toBe("https://wa.me/?text=x");
  });

  it("words the review request with the client's first name and the link", () => {
    const text = reviewRequestText({
      customerName: "Ada Obi",
      serviceName: "HydraFacial",
      reviewUrl: link,
    });
    expect(text).toMatch(/^Hello Ada, thank you for visiting .+ for your HydraFacial\./);
    expect(text.endsWith(link)).toBe(true);
  });
});
