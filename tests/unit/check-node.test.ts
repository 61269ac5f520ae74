import { newerOfMajor } from "../../scripts/check-node.js";

describe("npm run check-node", () => {
  it("finds the newest Node of the pinned major, and nothing when the pin is the newest", () => {
    const versions = ["22.99.0", "24.21.0", "24.22.3", "24.23.0", "24.23.1", "25.0.0", "24.24.0-rc.1"];
    expect(newerOfMajor("24.22.3", versions)).toBe("24.23.1");
    expect(newerOfMajor("24.23.1", versions)).toBeNull();
    expect(newerOfMajor("v24.9.0", ["24.10.0", "24.9.1"])).toBe("24.10.0");
  });
});
