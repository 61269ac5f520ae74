import { expect, test, type Page } from "@playwright/test";

/**
 * The signed-out forms check their fields in the browser without conform or
 * zod (app/features/auth/useFormChecks.ts); without JavaScript the server
 * answers with the same messages and keeps what was typed.
 */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST") posts.push(req.url());
  });
  return posts;
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "browser checks need JavaScript");

  for (const [label, value, message] of [
    ["Home ZIP code", "1234", "ZIP code must be 5 digits"],
    ["Email", "casey@", "Please enter a valid email address"],
    ["Password", "short", "Password must be at least 8 characters"],
  ] as const) {
    test(`a tap on "I agree" right after a bad ${label.toLowerCase()} lands: nothing moves under the finger`, async ({ page }) => {
      await page.goto("/register");
      await page.getByLabel(label, { exact: true }).fill(value);
      const agree = page.getByRole("checkbox", { name: /I agree to the/ });
      await agree.tap();
      await expect(agree).toBeChecked();
      // The field's message shows once the tap has landed.
      await expect(page.getByText(message)).toBeVisible();
    });
  }

  test("a field is checked when it loses focus, and again as the rider types", async ({ page }) => {
    await page.goto("/register");
    const posts = countPosts(page);
    const zip = page.getByLabel("Home ZIP code");
    await zip.fill("12a");
    await zip.blur();
    await expect(page.getByText("ZIP code must be 5 digits")).toBeVisible();
    await expect(page.getByText("ZIP code must contain only numbers")).toBeVisible();
    await expect(zip).toHaveAttribute("aria-invalid", "true");
    await expect(zip).toHaveAttribute("aria-describedby", /homeZipCode-error/);
    // Fields not visited yet show nothing.
    await expect(page.getByText("First name is required")).toHaveCount(0);

    await zip.fill("76101");
    await expect(page.getByText("ZIP code must be 5 digits")).toHaveCount(0);
    await expect(zip).not.toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);
  });

  test("submitting an invalid form sends nothing, shows every message and focuses the first field in error", async ({ page }) => {
    await page.goto("/login");
    const posts = countPosts(page);
    await page.getByLabel("Email").fill("rider@example");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
    expect(posts).toEqual([]);
  });

  test("forgot password checks the email before anything is sent", async ({ page }) => {
    await page.goto("/forgot-password");
    const posts = countPosts(page);
    await page.getByLabel("Email").fill("not an email");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("the server's answer replaces the browser's messages", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("nobody-here@example.com");
    await page.getByLabel("Password").fill("wrong-password-1");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("alert")).toContainText("Login Failed:");
    await expect(page.getByLabel("Email")).toHaveValue("nobody-here@example.com");
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the server's own answer");

  test("the form comes back with the messages and what was typed, password excepted", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("First name").fill("Casey");
    await page.getByLabel("Email").fill("casey@example.com");
    await page.getByLabel("Password").fill("short");
    await page.getByLabel("Home ZIP code").fill("1234");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByText("ZIP code must be 5 digits")).toBeVisible();
    await expect(page.getByText("You must agree to the terms to create an account")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Casey");
    await expect(page.getByLabel("Email")).toHaveValue("casey@example.com");
    await expect(page.getByLabel("Home ZIP code")).toHaveValue("1234");
    await expect(page.getByLabel("Password")).toHaveValue("");
  });
});
