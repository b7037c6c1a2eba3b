/** Where the form posts (JSON from the script through views/forms/post.ts, urlencoded without it): server/contact/endpoint.ts. */
export const CONTACT_PATH = '/api/contact.php';
