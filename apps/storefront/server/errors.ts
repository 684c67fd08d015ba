/** The error body of the API (specification, section 8), for answers the storefront server gives itself. */
export function apiError(status: number, name: string, message: string) {
  return { data: null, error: { status, name, message, details: {} } };
}
