import { describe, expect, it } from "vitest";
import { productFormSchema, serviceFormSchema } from "./catalog-forms.ts";

const messages = (result: {
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("admin catalogue forms (admin spec §5)", () => {
  it("service form: the spec's message for each empty field", () => {
    const empty = { name: "", description: "", price: "", duration: "", category: "" };
    expect(messages(serviceFormSchema.safeParse(empty))).toEqual({
      name: "Service name is required",
      description: "Description is required",
      price: "Price is required",
      duration: "Duration is required",
      category: "Category is required",
    });
  });

  it("product form: a blank price is required, not 0; a bad image URL is named", () => {
    const form = {
      name: "Clay Mask",
      description: "A purifying clay mask.",
      price: " ",
      image: "not a link",
      category: "masks",
      rating: "4.0",
      stock: "100",
    };
    expect(messages(productFormSchema.safeParse(form))).toEqual({
      price: "Price is required",
      image: "Please enter a valid URL",
    });
  });

  it("product form: numbers typed as text are read; rating and stock default when absent", () => {
    const parsed = productFormSchema.parse({
      name: "Clay Mask",
      description: "A purifying clay mask.",
      price: "11500",
      image: "/images/products/clay-mask.svg",
      category: "masks",
      details: "  ",
    });
    expect(parsed).toMatchObject({ price: 11500, rating: 4, stock: 100, details: null });
  });
});
