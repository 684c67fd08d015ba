import { describe, expect, it } from "vitest";
import { EMPTY_METRICS, mapMetrics, mergeMetrics, metricsAreEmpty, type ImpactMetrics } from "./metrics";

const answer = {
  kgRescued: { value: 125_000.5 },
  numberBags: { value: 3200 },
  kgEmitted: { value: "870" },
  litersWaterWasted: { value: 9_000_000 },
  collaboratedFarmers: { value: 48 },
  numberPeopleReceivedBox: { value: 15_000 },
};

const mapped: ImpactMetrics = {
  totalRescuedKgs: 125_000.5,
  bagsAvoided: 3200,
  co2Emitted: 870,
  waterLitersRecovered: 9_000_000,
  farmersCollaborating: 48,
  peopleWithBoxRecieved: 15_000,
};

describe("mapMetrics", () => {
  it("renames every API figure to the shop's field", () => {
    expect(mapMetrics(answer)).toEqual(mapped);
  });

  it("shows 0 for missing, non-numeric or negative figures", () => {
    expect(
      mapMetrics({
        ...answer,
        kgRescued: {},
        numberBags: { value: "many" },
        kgEmitted: 5,
        collaboratedFarmers: { value: -1 },
      }),
    ).toEqual({ ...mapped, totalRescuedKgs: 0, bagsAvoided: 0, co2Emitted: 0, farmersCollaborating: 0 });
    expect(mapMetrics(null)).toEqual(EMPTY_METRICS);
  });
});

describe("mergeMetrics", () => {
  it("keeps the previous figures when the whole answer is broken", () => {
    for (const broken of [null, "Internal Server Error", { error: { status: 500 } }, []]) {
      expect(mergeMetrics(mapped, broken)).toBe(mapped);
    }
  });

  it("updates readable figures and keeps the previous value of unreadable ones", () => {
    const next = mergeMetrics(mapped, { ...answer, numberBags: { value: 4000 }, kgRescued: { value: null } });
    expect(next).toEqual({ ...mapped, bagsAvoided: 4000 });
    expect(mapped.bagsAvoided).toBe(3200);
  });
});

describe("metricsAreEmpty", () => {
  it("tells whether metrics still need loading", () => {
    expect(metricsAreEmpty(EMPTY_METRICS)).toBe(true);
    expect(metricsAreEmpty({ ...EMPTY_METRICS, farmersCollaborating: 1 })).toBe(false);
  });
});
