import type { DeliveryAddress } from "@shop/contracts";

/** The tests' customer's address in Barcelona, as the address book, a delivery and an invoice hold it. */
export const MARTA_ADDRESS: DeliveryAddress = {
  fullName: "Marta Puig",
  company: null,
  line1: "Carrer de Girona, 5",
  line2: null,
  postalCode: "08001",
  city: "Barcelona",
  region: null,
  country: "ES",
  phone: null,
};
