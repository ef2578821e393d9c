import { route } from "@/lib/server/http";
import { moveClock, readClock } from "@/lib/server/platform/clock-control";
import { clockDto, moveClockBody } from "@/lib/shared/schemas/clock";

const ABOUT =
  "Demo mode only, and only when the demo was started with MINIBANK_DEV_CLOCK=1; 404 NOT_FOUND anywhere else (production refuses to start with the variable). The server decides everything by this clock: when schedules run, the evening-before warnings, split reminders, when payment requests, statement links, tokens and sign-in codes expire, the limits' windows. The clock is this process's: with several instances each has its own.";

/** Demo only (404 otherwise): the server's clock, as a tester reads it. */
export const GET = route(
  {
    method: "GET",
    path: "/api/dev/clock",
    summary: "Demo mode only: the server's clock (404 otherwise)",
    description: `The time the server decides by, and how far it is from the system's clock. ${ABOUT}`,
    tag: "demo",
    auth: false,
    ok: { status: 200, schema: clockDto },
    errors: ["NOT_FOUND"],
  },
  async () => readClock(),
);

/** Demo only (404 otherwise): moves the server's clock, so a tester sees schedules run and requests expire. */
export const POST = route(
  {
    method: "POST",
    path: "/api/dev/clock",
    summary: "Demo mode only: moves the server's clock (404 otherwise)",
    description: `Moves the clock ahead by \`advanceMs\`, to the instant \`now\` (ahead or back), or back to the system's time (\`reset: true\`): exactly one of them. Answers once the scheduler has made what the move made due (its catch-up rule applies: of several missed occurrences only the latest is made). ${ABOUT}`,
    tag: "demo",
    auth: false,
    body: moveClockBody,
    ok: { status: 200, schema: clockDto },
    errors: ["NOT_FOUND"],
  },
  async ({ body }) => moveClock(body),
);
