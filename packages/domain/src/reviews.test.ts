import { describe, expect, it } from "vitest";
import { mapReviews } from "./reviews";

const review = {
  authorName: "Marta P.",
  authorPhoto: "https://lh3.googleusercontent.com/a/photo.png",
  rating: 5,
  text: "Fruita boníssima",
  relativeTime: "fa 2 setmanes",
};

describe("mapReviews", () => {
  it("maps reviews in our shape and in Google's", () => {
    const google = {
      author_name: "Joan",
      profile_photo_url: "https://lh3.googleusercontent.com/b.png",
      rating: 4,
      text: "Bé",
      relative_time_description: "fa un mes",
    };
    expect(mapReviews([review, google])).toEqual([
      review,
      {
        authorName: "Joan",
        authorPhoto: "https://lh3.googleusercontent.com/b.png",
        rating: 4,
        text: "Bé",
        relativeTime: "fa un mes",
      },
    ]);
  });

  it("clamps ratings to whole stars from 0 to 5", () => {
    const ratings = [7, -2, 4.5, 4.4, "3"].map((rating) => ({ ...review, rating }));
    expect(mapReviews(ratings).map((each) => each.rating)).toEqual([5, 0, 5, 4, 3]);
  });

  it("skips entries without an author or a numeric rating and tolerates missing text", () => {
    const reviews = mapReviews([
      { ...review, authorName: " " },
      { ...review, rating: "five" },
      { ...review, rating: undefined },
      null,
      "review",
      { authorName: "Pau", rating: 3 },
    ]);
    expect(reviews).toEqual([{ authorName: "Pau", authorPhoto: null, rating: 3, text: "", relativeTime: "" }]);
  });

  it("refuses photo URLs with a dangerous scheme", () => {
    expect(mapReviews([{ ...review, authorPhoto: "javascript:alert(1)" }])[0]?.authorPhoto).toBeNull();
    expect(mapReviews([{ ...review, authorPhoto: "java\tscript:alert(1)" }])[0]?.authorPhoto).toBeNull();
  });

  it("reads envelopes and turns a broken answer into no reviews", () => {
    expect(mapReviews({ reviews: [review] })).toHaveLength(1);
    expect(mapReviews({ data: [review] })).toHaveLength(1);
    for (const broken of [null, "error", { error: "x" }, { reviews: "none" }]) {
      expect(mapReviews(broken)).toEqual([]);
    }
  });
});
