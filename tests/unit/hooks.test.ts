import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { membershipChanged } from "../../app/features/members/hooks.server";
import { classPublished } from "../../app/features/raceday/hooks.server";

/**
 * Race day and the members' office tell the season through hooks. This file
 * does not load the season, so nothing listens: a publish or a membership
 * change here must fail loudly rather than leave the standings stale.
 */
const db = {} as Db;

describe("hooks with nothing listening", () => {
  it("refuse a published class", () => {
    expect(() => classPublished(db, "some-class")).toThrow(/nothing listening.*season\.server\.ts/);
  });

  it("refuse a membership change", () => {
    expect(() => membershipChanged(db, ["some-user"])).toThrow(/nothing listening.*season\.server\.ts/);
  });
});
