import { data } from "react-router";

/**
 * The fields of a posted form. A body the browser could not have sent (JSON, XML, a broken
 * multipart boundary) is the client's mistake: 400 with a message, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("The request body is not a form (application/x-www-form-urlencoded or multipart/form-data)", {
      status: 400,
    });
  }
}
