import { asPage, HttpError } from "../../app/lib/http.server";

/** What a call threw, or the value it answered. */
async function outcome(run: () => unknown) {
  try {
    return { value: await run() };
  } catch (thrown) {
    return { thrown };
  }
}

describe("asPage", () => {
  it("answers the work's value, sync or async", async () => {
    expect(asPage(() => 7)).toBe(7);
    await expect(asPage(async () => 8)).resolves.toBe(8);
  });

  it.each([
    ["sync", () => asPage(() => { throw new HttpError(404, "Event not found"); })],
    ["async", () => asPage(async () => { throw new HttpError(404, "Event not found"); })],
  ])("turns a refusal into the error page's Response, with its status and message (%s)", async (_, run) => {
    const { thrown } = await outcome(run);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(await (thrown as Response).text()).toBe("Event not found");
  });

  it("with statuses, leaves the other refusals for the action's toast", async () => {
    const forbidden = await outcome(() => asPage(() => { throw new HttpError(403, "Not yours"); }, { statuses: [403, 404] }));
    expect((forbidden.thrown as Response).status).toBe(403);
    const refused = await outcome(() => asPage(async () => { throw new HttpError(400, "Give a time"); }, { statuses: [403, 404] }));
    expect(refused.thrown).toBeInstanceOf(HttpError);
    expect((refused.thrown as HttpError).message).toBe("Give a time");
  });

  it("lets anything else through as thrown", async () => {
    const bug = new TypeError("x is undefined");
    expect((await outcome(() => asPage(() => { throw bug; }))).thrown).toBe(bug);
    const redirect = new Response(null, { status: 302 });
    expect((await outcome(() => asPage(async () => { throw redirect; }))).thrown).toBe(redirect);
  });
});
