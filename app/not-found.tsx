import { redirect } from "next/navigation";

/**
 * Any unknown path goes to the welcome screen (spec §2): answered by the server as a redirect, so
 * no page script is needed for it (a fragment, such as Telegram's launch parameters, is kept by
 * the browser across the redirect).
 */
export default function NotFound() {
  redirect("/");
}
