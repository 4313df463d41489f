/**
 * The fingerprint cache (decision 0071), now on lru-cache (issue 34): the same answer while the
 * fingerprint holds, a new one when it changes, the least recently used key evicted past the
 * bound, one production for concurrent misses, and a failed production not kept.
 */
import { describe, expect, it } from "vitest";
import { FingerprintCache } from "./response-cache.ts";

describe("FingerprintCache", () => {
  it("answers from the cache while the fingerprint holds and evicts the least recently used", async () => {
    const cache = new FingerprintCache<string>(2);
    let produced = 0;
    const produce = (value: string) => async () => {
      produced++;
      return value;
    };
    expect((await cache.get("a", "v1", produce("a1"))).value).toBe("a1");
    expect((await cache.get("a", "v1", produce("other"))).value).toBe("a1");
    expect((await cache.get("a", "v2", produce("a2"))).value).toBe("a2");
    await cache.get("b", "v1", produce("b1"));
    await cache.get("a", "v2", produce("unused")); // a is now the most recent
    await cache.get("c", "v1", produce("c1")); // evicts b
    expect(produced).toBe(4);
    expect((await cache.get("a", "v2", produce("again"))).value).toBe("a2");
    expect((await cache.get("b", "v1", produce("b again"))).value).toBe("b again");
  });

  it("shares one production among concurrent misses and forgets a failed one", async () => {
    const cache = new FingerprintCache<number>();
    let calls = 0;
    const slow = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 7;
    };
    const [x, y] = await Promise.all([cache.get("k", "f", slow), cache.get("k", "f", slow)]);
    expect(x).toBe(y);
    expect(calls).toBe(1);
    await expect(
      cache.get("bad", "f", async () => {
        throw new Error("db down");
      }),
    ).rejects.toThrow("db down");
    expect((await cache.get("bad", "f", async () => 1)).value).toBe(1);
  });
});
