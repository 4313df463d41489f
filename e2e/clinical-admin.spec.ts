/**
 * The manager's clinical back office (issue 31): at /admin/forms the manager edits the chemical
 * peel consent (a problem shown and fixed from the summary, a new question, the preview) and
 * publishes it as a new version after confirming; the old version stays viewable read-only. On
 * Services, the treatment's aftercare gets its instructions, home-care products picked from the
 * shop and a follow-up, then one product is removed. A client signs the new version through the
 * link and has a signed-off treatment record with before and after photos; in the client dialog
 * the manager's Records tab (fetched only when opened) lists the record with its link, the
 * signed forms (one opened as signed) and compares the photos side by side. At 1280 px and
 * 375 px, with no sideways scroll at 375 px and an axe-core WCAG 2.2 AA scan of the editor and
 * the tab.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { signAllForms } from "./clinical-helpers";
import { lagosToday } from "./dates";
import { expect, signIn, test } from "./fixtures";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function axe(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(
    results.violations.map(
      (v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 1280);
}

/** With CLINICAL_SCREENSHOTS=dir, a full-page screenshot named `name` for a person to look at. */
async function shot(page: Page, name: string) {
  const dir = process.env.CLINICAL_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Today's Lagos date. */
test("publishes a consent version, edits a treatment's aftercare products and reads a client's records", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  const tag = `${info.project.name.replace(/\W/g, "")}${Date.now()}`;
  await signIn(page);
  const api = page.request;

  // 1. Forms: the chemical peel consent gets a new question and is published as a new version.
  if (mobile) await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Forms" })
    .click();

  await expect(page.getByRole("heading", { name: "Forms", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Edit Consent: a chemical peel" }).click();
  await expect(
    page.getByRole("heading", { name: "Consent: a chemical peel", level: 1 }),
  ).toBeVisible();
  const before = await page
    .getByRole("listitem")
    .filter({ hasText: /^Version \d+, published/ })
    .count();
  const next = before + 1;

  const section1 = page.getByRole("region", { name: "Section 1" });
  await section1.getByRole("button", { name: "Add question to section 1" }).click();
  const question = section1.getByRole("listitem").last();
  await question
    .getByLabel("Question", { exact: true })
    .fill(`Have you used a sunbed in the last two weeks? (${tag})`);
  await expect(question.getByLabel("Answer id")).toHaveValue(/^have_you_used_a_sunbed/);
  // A section without a title cannot be saved: the summary names it and leads to the field.
  await section1.getByLabel("Section title").fill("");
  await page.getByRole("button", { name: "Save draft" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "The draft cannot be saved yet" });
  await expect(summary).toContainText("Section 1: Please enter a section title");
  await summary.getByRole("button", { name: /Section 1: Please enter a section title/ }).click();
  await expect(section1.getByLabel("Section title")).toBeFocused();
  await page.keyboard.type("About the peel");
  await noSidewaysScroll(page);
  await axe(page, "form editor");
  await shot(page, `form-editor-${info.project.name}`);

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Consent: a chemical peel" });
  await expect(preview.getByText(`Draft of version ${next} (preview)`)).toBeVisible();
  await expect(preview.getByRole("group", { name: /Have you used a sunbed/ })).toBeVisible();
  await noSidewaysScroll(page);

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: `Publish version ${next}?` });
  await expect(confirm).toContainText("Your unsaved changes are saved first.");
  await confirm.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText(`Version ${next} published`).first()).toBeVisible();
  await expect(page.getByText("The draft is the same as the published version")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeDisabled();
  // The version before stays as it was, read-only.
  await page.getByRole("button", { name: `View version ${next - 1}` }).click();
  const old = page.getByRole("dialog", { name: `Version ${next - 1} (read-only)` });
  await expect(old.getByText("About the treatment")).toBeVisible();
  await expect(old.getByText(/Have you used a sunbed/)).toHaveCount(0);
  await expect(old.getByText(/SHA-256 of the text clients sign: [0-9a-f]{64}/)).toBeVisible();
  await old.getByRole("button", { name: "Close dialog" }).click();

  // 2. Aftercare: a peel's instructions, products from the shop and follow-up; then one less.
  const serviceName = `Clinical Peel ${tag}`;
  const created = await api.post("/api/services", {
    data: {
      name: serviceName,
      description: "A light peel for the clinical back-office test.",
      category: "chemical-peel",
      price: 50000,
      duration: "45m",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const serviceId = ((await created.json()) as { id: number }).id;
  const shop = (
    (await (await api.get("/api/products")).json()) as Array<{
      id: number;
      name: string;
      stock: number;
    }>
  ).filter((p) => p.stock > 0);
  const [first, second] = shop;
  expect(second).toBeTruthy();

  await page.goto(`/admin/services?q=${encodeURIComponent(serviceName)}`);
  await page.getByRole("button", { name: `Aftercare for ${serviceName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Aftercare: ${serviceName}` });
  await expect(dialog.getByText("This treatment has no aftercare yet.")).toBeVisible();
  await dialog.getByRole("button", { name: "Save aftercare" }).click();
  await expect(dialog.getByText("Write the aftercare text")).toBeVisible();
  await dialog
    .getByLabel("Aftercare instructions")
    .fill("Keep the skin cool and moisturised for 72 hours.");
  await dialog.getByLabel("Do's (one per line)").fill("Wear SPF 50 daily\nDrink water");
  await dialog.getByLabel("Don'ts (one per line)").fill("No retinol for 7 days");
  for (const p of [first, second]) {
    await dialog.getByLabel("Find a product in the shop").fill(p?.name ?? "");
    await dialog.getByRole("button", { name: `Add ${p?.name}`, exact: true }).click();
  }
  await expect(
    dialog.getByRole("list", { name: "Chosen products" }).getByRole("listitem"),
  ).toHaveCount(2);
  await dialog.getByLabel("Follow-up after (days)").fill("28");
  await dialog.getByLabel("Follow-up message").fill("Time for your second peel.");
  await noSidewaysScroll(page);
  await shot(page, `aftercare-${info.project.name}`);
  await dialog.getByRole("button", { name: "Save aftercare" }).click();
  await expect(page.getByText("Aftercare saved").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const saved = (await (await api.get(`/api/services/${serviceId}/aftercare`)).json()) as {
    productIds: number[];
    followUpDays: number;
    dos: string[];
  };
  expect(saved).toMatchObject({
    productIds: [first?.id, second?.id],
    followUpDays: 28,
    dos: ["Wear SPF 50 daily", "Drink water"],
  });
  // Edit: one product fewer.
  await page.getByRole("button", { name: `Aftercare for ${serviceName}` }).click();
  await expect(dialog.getByLabel("Aftercare instructions")).toHaveValue(/Keep the skin cool/);
  await dialog.getByRole("button", { name: `Remove ${first?.name}` }).click();
  await dialog.getByRole("button", { name: "Save aftercare" }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(
      async () =>
        (
          (await (await api.get(`/api/services/${serviceId}/aftercare`)).json()) as {
            productIds: number[];
          }
        ).productIds,
    )
    .toEqual([second?.id]);

  // 3. A client of that peel: signs the new version, has a signed-off record and two photos.
  const email = `clinical.${tag}@example.com`;
  const clientName = `Tola Clinical ${tag}`;
  const booked = await api.post("/api/appointments", {
    data: {
      customerName: clientName,
      customerEmail: email,
      customerPhone: "08031234567",
      serviceId,
      appointmentDate: `${lagosToday()} ${mobile ? "07:00" : "06:00"}`,
      duration: 45,
      overrideWorkingHours: true,
      overrideReason: "End-to-end test of the clinical back office",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointment = (await booked.json()) as { id: number; clientId: number };
  const signed = await signAllForms(api, appointment.id, email, "Tola Clinical");
  expect(signed.find((f) => f.kind === "consent")?.version).toBe(next);
  const summaryText = `Glycolic 30% peel, full face (${tag}).`;
  const draft = await api.put(`/api/appointments/${appointment.id}/treatment-record`, {
    data: { summary: summaryText, areas: ["forehead"] },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  const recordId = ((await draft.json()) as { id: number }).id;
  expect((await api.post(`/api/treatment-records/${recordId}/sign-off`)).status()).toBe(200);
  for (const [kind, r] of [
    ["before", 200],
    ["after", 120],
  ] as const) {
    const jpeg = await sharp({
      create: { width: 600, height: 400, channels: 3, background: { r, g: 140, b: 110 } },
    })
      .jpeg()
      .toBuffer();
    const photo = await api.post(`/api/appointments/${appointment.id}/photos?kind=${kind}`, {
      data: jpeg,
      headers: { "content-type": "image/jpeg" },
    });
    expect(photo.status(), await photo.text()).toBe(201);
  }

  // 4. The client dialog: Records, fetched only when the tab is opened.
  await page.goto(`/admin/clients?client=${appointment.clientId}`);
  const client = page.getByRole("dialog", { name: clientName });
  await expect(client.getByRole("tab", { name: "Overview" })).toBeVisible();
  expect(await page.content()).not.toContain(summaryText);
  await client.getByRole("tab", { name: "Records" }).click();
  const records = client.getByRole("region", { name: "Treatment Records" });
  await expect(records.getByText(summaryText)).toBeVisible();
  await expect(records.getByText("Signed off")).toBeVisible();
  await expect(records.getByRole("link", { name: /^Open record: / })).toHaveAttribute(
    "href",
    `/admin/records/${appointment.id}`,
  );
  const forms = client.getByRole("region", { name: "Signed Forms" });
  await expect(forms.getByText(`(version ${next})`)).toBeVisible();
  await forms.getByRole("button", { name: /^View Consent: a chemical peel/ }).click();
  const signedForm = page.getByRole("dialog", { name: "Consent: a chemical peel" });
  await expect(signedForm.getByText(`Version ${next}, signed by`)).toBeVisible();
  await expect(signedForm.getByText("(matches the version's text)")).toBeVisible();
  await signedForm.getByRole("button", { name: "Close dialog" }).click();
  await expect(signedForm).toBeHidden();

  const photos = client.getByRole("region", { name: "Before and After Photos" });
  await photos.getByRole("button", { name: "Compare photos side by side" }).click();
  for (const side of ["Left photo", "Right photo"]) {
    const img = photos.getByRole("img", { name: new RegExp(`^${side}: `) });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(600);
  }
  await expect(photos.getByRole("img", { name: /^Left photo: Before/ })).toBeVisible();
  await expect(photos.getByRole("img", { name: /^Right photo: After/ })).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, `client-records-${info.project.name}`);
  await axe(page, "client records tab");
});
