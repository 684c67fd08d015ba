/**
 * The characters of every code a person reads and types (referral codes, gift card codes): digits and
 * capital letters without the ones read as one another, 0/O and 1/I/L. 31 characters, about 4.95 bits
 * each.
 */
export const UNAMBIGUOUS_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
