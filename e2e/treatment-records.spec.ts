/**
 * Treatment record, photo and aftercare (issue 31): a client signs the consent (with
 * photography) through the link the clinic sends; the therapist opens the visit's treatment
 * record, writes what was done with a product, its lot and expiry and the areas on the face map,
 * takes a photo (the phone's file input), signs off and completes the visit; the aftercare
 * message with its cart link is in the outbox, and the link opens a cart prefilled with the
 * home-care products. At 1280 px and 375 px.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { outboxRows, signAllForms } from "./clinical-helpers";
import { lagosDateTimeAgo } from "./dates";
import { ADMIN, expect, test } from "./fixtures";

const PASSWORD = "therapist-password-123";
/** Today's Lagos date. */
/** A new therapist, signed in on `page` (invitation accepted through the API). */
async function signInTherapist(page: Page, manager: APIRequestContext, tag: string) {
  const email = `records.${tag}@example.com`;
  const created = await manager.post("/api/staff", {
    data: { firstName: "Amara", lastName: `Records${tag}`, email },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect(
    (await manager.post(`/api/staff/${id}/access`, { data: { role: "therapist" } })).status(),
  ).toBe(201);
  const token = /staff-invitation\/([A-Za-z0-9_-]+)/.exec(
    (await outboxRows(manager, email)).find((m) => m.toAddress === email)?.textBody ?? "",
  )?.[1];
  expect(token).toBeTruthy();
  const accepted = await page.request.post(`/api/auth/invitations/${token}`, {
    data: { password: PASSWORD },
  });
  expect(accepted.status()).toBe(201);
  return id;
}

test("the therapist writes the record with a photo and completes; the aftercare link fills the cart", async ({
  page,
  playwright,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const tag = `${info.project.name.replace(/\W/g, "")}${Date.now()}`;
  const manager = await playwright.request.newContext({ baseURL });
  expect((await manager.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const staffId = await signInTherapist(page, manager, tag);

  // A peel with its aftercare: two home-care products in stock.
  const service = await manager.post("/api/services", {
    data: {
      name: `Records Peel ${tag}`,
      description: "A light peel for the records test.",
      category: "chemical-peel",
      price: 50000,
      duration: "45m",
    },
  });
  expect(service.status(), await service.text()).toBe(201);
  const serviceId = ((await service.json()) as { id: number }).id;
  const products = (
    (await (await manager.get("/api/products")).json()) as Array<{
      id: number;
      name: string;
      stock: number;
      ingredients?: string | null;
    }>
  ).filter((p) => p.stock > 0);
  const picked = products.slice(0, 2);
  expect(picked).toHaveLength(2);
  const template = await manager.put(`/api/services/${serviceId}/aftercare`, {
    data: {
      text: "Keep the skin cool and moisturised for 72 hours.",
      dos: ["Wear SPF 50 daily"],
      donts: ["No retinol for 7 days"],
      productIds: picked.map((p) => p.id),
      followUpDays: 28,
    },
  });
  expect(template.status(), await template.text()).toBe(200);

  // A visit begun an hour ago (so it can be completed), with the new therapist.
  const email = `records.client.${tag}@example.com`;
  const booked = await manager.post("/api/appointments", {
    data: {
      customerName: `Kemi Records ${tag}`,
      customerEmail: email,
      customerPhone: "08031234567",
      serviceId,
      staffId,
      appointmentDate: lagosDateTimeAgo(60),
      duration: 45,
      overrideWorkingHours: true,
      overrideReason: "End-to-end test of treatment records",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointmentId = ((await booked.json()) as { id: number }).id;
  await signAllForms(manager, appointmentId, email, "Kemi Records");

  // The therapist writes the record.
  await page.goto(`/admin/records/${appointmentId}`);
  await expect(page.getByRole("heading", { name: "Treatment record", level: 1 })).toBeVisible();
  await page.getByLabel("What was done").fill("Glycolic 30% peel, full face, 3 minutes.");
  await page.getByRole("button", { name: "Add product" }).click();
  await page.getByLabel("Product", { exact: true }).fill("Glycolic acid 30%");
  await page.getByLabel("Amount").fill("2");
  await page.getByLabel("Unit").fill("ml");
  await page.getByLabel("Lot / batch").fill("GA-2291");
  await page.getByLabel("Expiry").fill("2027-06-30");
  await page.getByRole("button", { name: "Left cheek" }).click();
  await expect(page.getByRole("button", { name: "Left cheek" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByLabel("Clinician's notes").fill("Mild erythema, settled.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved")).toBeVisible();

  // A before photo from the phone's camera (the file input).
  const jpeg = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 190, g: 140, b: 110 } },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel("Take or upload a photo")
    .setInputFiles({ name: "before.jpg", mimeType: "image/jpeg", buffer: jpeg });
  const photo = page.getByRole("list").getByRole("img", { name: /^Before,/ });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

  await page.getByRole("button", { name: "Sign off" }).click();
  await expect(page.getByText("Record signed off", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Signed record" })).toBeVisible();
  await expect(page.getByText("lot GA-2291")).toBeVisible();
  await page.screenshot({ path: info.outputPath("record.png"), fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 1280);

  await page.getByRole("button", { name: "Mark Complete" }).click();
  await expect(page.getByText("Visit completed: the aftercare is on its way")).toBeVisible();

  // The aftercare with its cart link is in the outbox.
  const aftercare = (await outboxRows(manager, email)).find((m) =>
    /\/aftercare\//.test(m.textBody),
  );
  expect(aftercare).toBeTruthy();
  const cartPath = /https?:\/\/[^/\s]+(\/aftercare\/[\w.-]+)/.exec(aftercare?.textBody ?? "")?.[1];
  expect(cartPath).toBeTruthy();

  // The link opens the shop's cart prefilled with the home-care products.
  await page.goto(cartPath as string);
  await expect(page).toHaveURL(/\/cart$/);
  for (const p of picked) {
    await expect(page.getByText(p.name, { exact: true }).first()).toBeVisible();
  }
  await page.screenshot({ path: info.outputPath("cart.png"), fullPage: true });
  await manager.dispose();
});
