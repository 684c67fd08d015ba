import { describe, expect, it } from "vitest";
import { decodeTitle, mapPosts } from "./posts";

describe("mapPosts", () => {
  it("maps posts in our shape and in WordPress's", () => {
    expect(
      mapPosts([
        { title: "Cómo conservar", imageUrl: "https://blog.example.com/a.jpg", link: "https://blog.example.com/a" },
        {
          title: { rendered: "Caf&#233; &amp; fruta" },
          jetpack_featured_media_url: "https://blog.example.com/b.jpg",
          link: "https://blog.example.com/b",
        },
      ]),
    ).toEqual([
      { title: "Cómo conservar", imageUrl: "https://blog.example.com/a.jpg", link: "https://blog.example.com/a" },
      { title: "Café & fruta", imageUrl: "https://blog.example.com/b.jpg", link: "https://blog.example.com/b" },
    ]);
  });

  it("skips posts without a title or a safe link, and keeps posts without an image", () => {
    const posts = mapPosts([
      { title: "", link: "https://blog.example.com/x" },
      { title: "Sin enlace" },
      { title: "Peligro", link: "javascript:alert(1)" },
      { title: "Datos", link: "data:text/html,hi" },
      { title: "Sin imagen", link: "/blog/sin-imagen", imageUrl: "javascript:x" },
      42,
    ]);
    expect(posts).toEqual([{ title: "Sin imagen", imageUrl: null, link: "/blog/sin-imagen" }]);
  });

  it("reads envelopes and turns a broken answer into no posts", () => {
    const post = { title: "T", link: "https://blog.example.com/t" };
    expect(mapPosts({ posts: [post] })).toHaveLength(1);
    expect(mapPosts({ data: [post] })).toHaveLength(1);
    expect(mapPosts({ message: "timeout" })).toEqual([]);
  });
});

describe("decodeTitle", () => {
  it("decodes entities once, drops tags and keeps unknown entities as written", () => {
    expect(decodeTitle("&lt;b&gt; &#x2019;s &quot;ok&quot; &amp;amp; &bogus; &#0;")).toBe(
      '<b> ’s "ok" &amp; &bogus; &#0;',
    );
    expect(decodeTitle("<em>Nuevo</em>   post\n")).toBe("Nuevo post");
  });
});
