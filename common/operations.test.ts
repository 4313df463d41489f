import { describe, expect, it } from "vitest";
import { describeSchedule } from "./operations.ts";

describe("describeSchedule", () => {
  it("says the jobs' schedules in words, in Lagos time", () => {
    expect(describeSchedule("* * * * *")).toBe("Every minute");
    expect(describeSchedule("*/5 * * * *")).toBe("Every 5 minutes");
    expect(describeSchedule("30 2 * * *")).toBe("Daily at 02:30 (Lagos)");
  });
  it("shows any other pattern as it is", () => {
    expect(describeSchedule("0 9 * * 1")).toBe("0 9 * * 1");
    expect(describeSchedule("0 0 9 * * *")).toBe("0 0 9 * * *");
  });
});
