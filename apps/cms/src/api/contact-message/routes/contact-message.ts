// Visitors may only send messages; reading them is for staff in the admin panel (no GET route,
// no role permission).
export default {
  routes: [
    {
      method: "POST",
      path: "/contact-messages",
      handler: "contact-message.submit",
      config: { auth: false },
    },
  ],
};
