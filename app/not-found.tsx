/**
 * Any unknown path goes to the welcome screen (spec §2). The answer stays a 404, which an API
 * client reads as such, and a browser moves on to "/" at once by the page's refresh instruction:
 * no page script is needed for it.
 */
export default function NotFound() {
  return (
    <>
      <meta httpEquiv="refresh" content="0;url=/" />
      <main className="screen" aria-busy="true" />
    </>
  );
}
