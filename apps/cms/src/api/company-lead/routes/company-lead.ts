// Visitors may only send leads; reading them is for staff in the admin panel (no GET route, no
// role permission).
export default {
  routes: [
    {
      method: "POST",
      path: "/company-leads",
      handler: "company-lead.submit",
      config: { auth: false },
    },
  ],
};
