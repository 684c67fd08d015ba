import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * The customer account calls (docs/decisions/011 and 013). They replace the users-permissions plugin's own
 * (src/extensions/users-permissions/strapi-server.ts removes those), and check the signed-in session
 * themselves: `auth: false` here means "not through the role permission grid", never "anyone".
 */
const route = selfCheckedRoutes("account");

export default {
  routes: [
    route("POST", "/auth/local", "signIn"),
    route("POST", "/auth/local/register", "register"),
    route("POST", "/auth/forgot-password", "forgotPassword"),
    route("POST", "/auth/reset-password", "resetPassword"),
    route("POST", "/auth/change-password", "changePassword"),
    route("POST", "/auth/send-email-confirmation", "sendEmailConfirmation"),
    route("POST", "/auth/email-confirmation", "confirmEmail"),
    route("POST", "/auth/sign-in-code", "requestSignInCode"),
    route("POST", "/auth/sign-in-code/verify", "signInWithCode"),
    route("POST", "/auth/logout", "signOut"),
    route("GET", "/auth/providers", "socialProviders"),
    route("GET", "/auth/:provider/authorize", "socialAuthorize"),
    route("GET", "/auth/:provider/callback", "socialCallback"),
    route("POST", "/users-permissions/apple/login", "appleLogin"),
    route("GET", "/users-permissions/get-apple-url", "appleUrl"),
    route("GET", "/users/me", "me"),
    route("PUT", "/users/me", "updateMe"),
    route("DELETE", "/users/me", "deleteMe"),
    route("GET", "/users/me/export", "exportData"),
    route("GET", "/users/me/referral", "referral"),
    route("GET", "/users/me/overview", "overview"),
    route("GET", "/users/me/addresses", "listAddresses"),
    route("POST", "/users/me/addresses", "createAddress"),
    route("PUT", "/users/me/addresses/:documentId", "updateAddress"),
    route("DELETE", "/users/me/addresses/:documentId", "deleteAddress"),
    route("GET", "/users/me/newsletter", "newsletter"),
    route("PUT", "/users/me/newsletter", "updateNewsletter"),
  ],
};
