import { LOCALE_TAGS, REVIEW_LANGUAGE, type Review } from "@shop/domain";
import { LanguageNote } from "./language-note";
import { ResponsiveImage } from "./responsive-image";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";

function Stars({ rating }: { rating: number }) {
  const { messages } = usePageLanguage();
  return (
    <p className="text-carrot-500" aria-label={format(messages.reviews.rating, { rating })} role="img">
      {"★".repeat(rating)}
      <span className="text-sand-300">{"★".repeat(5 - rating)}</span>
    </p>
  );
}

/** The reviews' own words are in REVIEW_LANGUAGE whatever the page's: marked so, screen readers switch voice. */
const REVIEW_TAG = LOCALE_TAGS[REVIEW_LANGUAGE];

export function ReviewsList({ reviews }: { reviews: readonly Review[] }) {
  const { messages } = usePageLanguage();
  return (
    <>
      <LanguageNote language={REVIEW_LANGUAGE} text={messages.reviews.language} />
      <ul className="grid gap-4 md:grid-cols-3">
        {reviews.map((review, index) => (
          <li key={`${review.authorName}-${index}`} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200">
            <Stars rating={review.rating} />
            <blockquote lang={REVIEW_TAG} className="mt-2 text-sand-900">
              {review.text}
            </blockquote>
            <div className="mt-3 flex items-center gap-2 text-sm text-sand-700">
              {review.authorPhoto ? (
                <ResponsiveImage
                  src={review.authorPhoto}
                  alt=""
                  width={40}
                  height={40}
                  className="h-10 w-10 rounded-full"
                />
              ) : null}
              <span className="font-semibold">{review.authorName}</span>
              {review.relativeTime ? <span lang={REVIEW_TAG}>· {review.relativeTime}</span> : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
