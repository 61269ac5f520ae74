import { expect, test } from "@playwright/test";
import { screenshot } from "./helpers";

/**
 * A refused showbill says why, by the field on the Add Event form: a text
 * file named .png is not a real image (the server's answer, by content), an
 * SVG is not accepted (checked in the browser first); both name the accepted kinds.
 * Without JavaScript the same messages come from the server
 * (tests/api/uploads-hostile.test.ts).
 */
test("a text file named .png and an SVG showbill each say what is wrong", async ({ page }, info) => {
  test.skip(info.project.use.javaScriptEnabled === false, "the form's upload on choosing a file needs JavaScript");
  await page.goto("/login");
  await page.getByLabel("Email").fill("cody@demo.cloverleaf.app");
  await page.getByLabel("Password").fill("demo-password-1");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/add-event");

  const kinds = "Please select a valid file type: a photo or picture (JPEG, PNG, WebP, GIF or HEIC) or a PDF.";
  await page.locator("#showbill").setInputFiles({ name: "flyer.png", mimeType: "image/png", buffer: Buffer.from("Barrel race at noon, entries close Friday.\n") });
  const refusal = page.locator("#showbill-error");
  await expect(refusal).toContainText("Invalid File Type");
  await expect(refusal).toContainText(`${kinds} This file is not a real image or PDF, whatever its name says.`);
  await expect(refusal).not.toContainText("Failed to upload file");
  await screenshot(page, "upload-not-real-image");

  await page.reload();
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
  await page.locator("#showbill").setInputFiles({ name: "flyer.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
  await expect(page.locator("#showbill-error")).toContainText(`${kinds} SVG drawings are not accepted.`);
  await screenshot(page, "upload-svg");
});
