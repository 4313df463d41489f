import { describe, expect, it } from "vitest";
import { databaseIdSchema, MAX_DATABASE_ID, parseDatabaseId } from "./ids.ts";

describe("database ids", () => {
  it("accepts positive whole numbers up to the int4 maximum, as text or number", () => {
    expect(parseDatabaseId("1")).toBe(1);
    expect(parseDatabaseId(42)).toBe(42);
    expect(parseDatabaseId(String(MAX_DATABASE_ID))).toBe(MAX_DATABASE_ID);
  });

  it.each(["0", "-1", "01", "1.5", "1e3", " 1", "", "2147483648", "abc"])("refuses %j", (text) => {
    expect(parseDatabaseId(text)).toBeNull();
  });

  it("refuses non-integers and other types", () => {
    expect(parseDatabaseId(1.5)).toBeNull();
    expect(parseDatabaseId(null)).toBeNull();
    expect(parseDatabaseId({})).toBeNull();
  });

  it("gives the schema's message for a bad id", () => {
    const schema = databaseIdSchema("Invalid booking");
    expect(schema.parse("7")).toBe(7);
    const result = schema.safeParse("99999999999");
    expect(result.success ? null : result.error.issues[0]?.message).toBe("Invalid booking");
  });
});
