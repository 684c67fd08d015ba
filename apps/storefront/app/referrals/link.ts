/** The share link's query parameter that carries a customer's referral code (`?ref=CODE`). */
export const REFERRAL_PARAM = "ref";
