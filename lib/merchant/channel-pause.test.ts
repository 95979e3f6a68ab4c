import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxMerchant } from "@/e2e/support/sandbox-process";
import { connectTestConnection } from "@/e2e/support/store-connection";
import { PLATFORM_PATHS, startTwoPlatforms, type TwoPlatforms } from "@/e2e/support/two-platforms";
import { StoreApiClient } from "@/lib/platform/store-api/client";
import type { PlatformConnection } from "@/lib/sync/registry";
import { rotateApiKey } from "./api-key";
import { pauseChannel, resumeChannel, resumeEndedChannelPauses } from "./channel-pause";
import { pauseStore, recentControlChanges, resumeStore } from "./controls";
import { serveMerchant } from "./endpoint";
import { importMenu } from "./menu-import";
import { flushMerchantUpdates } from "./outbox";

// One channel paused on its own (issue 28), over real HTTP: one sandbox process hosting two
// platforms (/ and /p2), the seed's demo restaurant with a channel on each, the seed's second
// merchant of platform A a restaurant of its own. Time is the argument each call takes: a pause's
// end is reached by passing a later "now", never by waiting.

/** The sandbox logs each request's query string too: a merchantUpdate names its merchant there. */
type Logged = Awaited<ReturnType<TwoPlatforms["requests"]>>[number] & { query?: string };

describe("pausing one channel of a restaurant on two platforms", () => {
  let platforms: TwoPlatforms;
  const merchants: SandboxMerchant[][] = [];
  const connections: PlatformConnection[] = [];
  let restaurant: string;
  let channelA: string;
  let channelB: string;
  let apiKey: string;
  const t0 = new Date("2026-11-28T12:00:00Z");
  const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

  const db = () => platforms.database.db;
  /** The merchantUpdate bodies a platform took for a merchant, oldest first. */
  const updates = async (platform: number, merchantId: string) =>
    ((await platforms.requests(platform, "/v1/merchantUpdate")) as Logged[])
      .filter((r) => r.status < 300 && (r.query ?? "").includes(merchantId))
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((r) => (r.body as { merchantStatus?: string }).merchantStatus ?? "(read again)");
  /** Sends every channel its queue, as the worker's tick does. */
  const flushAll = async (now: Date) => {
    for (const [index, channel] of [channelA, channelB].entries())
      await flushMerchantUpdates(db(), channel, connections[index]!.client, now);
  };
  /** The status of the merchant document a channel's platform reads. */
  const documentStatus = async (channelId: string, now: Date) => {
    const request = new Request(`http://local/v1/merchant/${channelId}`, { headers: { "x-api-key": apiKey } });
    const response = await serveMerchant(db(), channelId, request, now);
    expect(response.status).toBe(200);
    return ((await response.json()) as { status: string }).status;
  };

  beforeAll(async () => {
    platforms = await startTwoPlatforms();
    const { sandbox } = platforms;
    // The seed's demo restaurant: its merchant on each platform shares a restaurant key; the
    // seed's second merchant of platform A is another restaurant, on the same connection.
    const seeded = await Promise.all(
      [0, 1].map((platform) =>
        platforms.control<Array<SandboxMerchant & { restaurant?: string }>>(platform, "GET", "/control/merchants"),
      ),
    );
    const first = seeded[0]![0]!;
    merchants.push([first, seeded[0]![1]!], [seeded[1]!.find((m) => m.restaurant === first.restaurant)!]);
    [channelA, channelB] = [merchants[0]![0]!.merchantId, merchants[1]![0]!.merchantId];
    restaurant = channelA;
    for (const platform of [0, 1]) {
      const merchant = merchants[platform]![0]!;
      const { connection } = await connectTestConnection(
        { url: `${sandbox.url}${PLATFORM_PATHS[platform]}` },
        merchants[platform]!,
        merchant.connection ?? merchant.interchange,
        platforms.database,
        { restaurantOf: (id) => ([channelA, channelB].includes(id) ? restaurant : undefined) },
      );
      connections.push(connection);
    }
    const storeApi = new StoreApiClient({
      baseUrl: sandbox.url,
      serviceId: first.serviceId,
      clientId: first.store.clientId,
      clientSecret: first.store.clientSecret,
      timeoutMs: 5_000,
    });
    await importMenu(db(), restaurant, [{ channelId: channelA, client: storeApi }], t0);
    apiKey = await rotateApiKey(db(), restaurant, t0);
  }, 180_000);
  afterAll(async () => {
    await platforms?.stop();
  });

  it("tells platform B alone it is closed, its document alone says UNAVAILABLE, and the pause's end reopens it", async () => {
    const [beforeA, beforeB] = [(await updates(0, channelA)).length, (await updates(1, channelB)).length];
    await pauseChannel(db(), restaurant, channelB, { minutes: 15, reason: "motoboys atrasados", actor: "Rita" }, t0);
    // A second tablet's tap is the same pause: nothing more is queued.
    expect(await pauseChannel(db(), restaurant, channelB, { minutes: 30, reason: "x", actor: "João" }, t0)).toEqual({
      alreadyPaused: true,
    });
    await flushAll(t0);
    expect((await updates(1, channelB)).slice(beforeB)).toEqual(["UNAVAILABLE"]);
    expect((await updates(0, channelA)).slice(beforeA)).toEqual([]);
    expect(await documentStatus(channelB, at(1))).toBe("UNAVAILABLE");
    expect(await documentStatus(channelA, at(1))).toBe("AVAILABLE");

    expect(await resumeEndedChannelPauses(db(), at(14))).toEqual([]);
    expect(await resumeEndedChannelPauses(db(), at(15))).toEqual([channelB]);
    await flushAll(at(15));
    expect((await updates(1, channelB)).slice(beforeB)).toEqual(["UNAVAILABLE", "AVAILABLE"]);
    expect((await updates(0, channelA)).slice(beforeA)).toEqual([]);
    expect(await documentStatus(channelB, at(16))).toBe("AVAILABLE");

    // The audit names the channel and who acted: the cook, then the pause's end.
    const changes = await recentControlChanges(db(), restaurant);
    expect(
      changes.slice(0, 2).map(({ change, actor, channel, minutes }) => ({ change, actor, channel, minutes })),
    ).toEqual([
      { change: "resume", actor: "timer", channel: expect.any(String), minutes: null },
      { change: "pause", actor: "Rita", channel: expect.any(String), minutes: 15 },
    ]);
    expect(changes[0]!.channel).toBe(connections[1]!.channels.get(channelB)!.label);
  });

  it("a restaurant reopened while one channel is paused leaves that channel closed; reopening the channel then opens it", async () => {
    const [beforeA, beforeB] = [(await updates(0, channelA)).length, (await updates(1, channelB)).length];
    await pauseChannel(db(), restaurant, channelB, { minutes: null, reason: "sem motoboy", actor: "Rita" }, at(20));
    await pauseStore(db(), restaurant, { minutes: 15, reason: "gás", actor: "Rita" }, at(21));
    await resumeStore(db(), restaurant, { actor: "Rita" }, at(22));
    await flushAll(at(22));
    expect((await updates(0, channelA)).slice(beforeA)).toEqual(["UNAVAILABLE", "AVAILABLE"]);
    expect((await updates(1, channelB)).slice(beforeB)).toEqual(["UNAVAILABLE", "UNAVAILABLE"]);
    expect(await documentStatus(channelA, at(23))).toBe("AVAILABLE");
    expect(await documentStatus(channelB, at(23))).toBe("UNAVAILABLE");
    // Until reopened: no end to reach.
    expect(await resumeEndedChannelPauses(db(), at(24 * 60))).toEqual([]);

    await resumeChannel(db(), restaurant, channelB, { actor: "Rita" }, at(30));
    await flushAll(at(30));
    expect((await updates(1, channelB)).slice(beforeB)).toEqual(["UNAVAILABLE", "UNAVAILABLE", "AVAILABLE"]);
    expect((await updates(0, channelA)).slice(beforeA)).toEqual(["UNAVAILABLE", "AVAILABLE"]);
    expect(await documentStatus(channelB, at(31))).toBe("AVAILABLE");
  });

  it("refuses a channel of another restaurant with a 404 that says so, and queues nothing", async () => {
    const other = merchants[0]![1]!.merchantId;
    const attempt = pauseChannel(db(), restaurant, other, { minutes: 15, reason: "x", actor: "Rita" }, at(40));
    await expect(attempt).rejects.toMatchObject({
      status: 404,
      message: "This restaurant has no such platform channel.",
    });
    await expect(resumeChannel(db(), restaurant, other, { actor: "Rita" }, at(40))).rejects.toMatchObject({
      status: 404,
    });
  });
});
