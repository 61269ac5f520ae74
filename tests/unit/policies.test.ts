import { describe, expect, it } from "vitest";
import { canViewEvent } from "~/features/events/policies.server";
import { canViewSharedRun } from "~/features/runs/policies.server";
import { profileViewFor } from "~/features/social/policies.server";

const owner = (privacyMode: "SOLO" | "INVITE_ONLY" | "PUBLIC", isActive = true) => ({ id: "owner", privacyMode, isActive });
const stranger = { id: "stranger" };

describe("canViewSharedRun", () => {
  it.each([
    // viewer, owner mode, run privacy, active, expected
    [stranger, "PUBLIC", "PUBLIC", true, true],
    [stranger, "INVITE_ONLY", "PUBLIC", true, true],
    [stranger, "SOLO", "PUBLIC", true, false],
    [stranger, "PUBLIC", "PRIVATE", true, false],
    [null, "PUBLIC", "PUBLIC", true, true],
    [null, "PUBLIC", "PUBLIC", false, false],
    [{ id: "owner" }, "SOLO", "PRIVATE", true, true],
  ] as const)("viewer %o, owner %s, run %s, active %s → %s", (viewer, mode, privacy, active, expected) => {
    expect(canViewSharedRun(viewer, { privacy, userId: "owner" }, owner(mode, active))).toBe(expected);
  });
});

describe("profileViewFor", () => {
  it.each([
    [{ id: "owner" }, "SOLO", false, "full"],
    [stranger, "SOLO", true, "hidden"],
    [stranger, "PUBLIC", false, "full"],
    [stranger, "INVITE_ONLY", false, "limited"],
    [stranger, "INVITE_ONLY", true, "full"],
    [null, "INVITE_ONLY", false, "limited"],
  ] as const)("viewer %o, target %s, follows %s → %s", (viewer, mode, followsTarget, expected) => {
    expect(profileViewFor(viewer, owner(mode), followsTarget)).toBe(expected);
  });

  it("hides a banned rider", () => {
    expect(profileViewFor(stranger, owner("PUBLIC", false), true)).toBe("hidden");
  });
});

describe("canViewEvent", () => {
  it.each([
    [null, true, true],
    [null, false, false],
    [{ id: "x", isAdmin: false }, false, false],
    [{ id: "creator", isAdmin: false }, false, true],
    [{ id: "x", isAdmin: true }, false, true],
  ] as const)("viewer %o, approved %s → %s", (viewer, approved, expected) => {
    expect(canViewEvent(viewer, { showbillApproved: approved, createdBy: "creator" })).toBe(expected);
  });
});
