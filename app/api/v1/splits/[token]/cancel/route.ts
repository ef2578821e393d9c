import { route } from "@/lib/server/http";
import { cancelSplit } from "@/lib/server/splits/cancel-split";
import { splitDto, splitTokenParams } from "@/lib/shared/schemas/splits";

export const POST = route(
  {
    method: "POST",
    path: "/api/v1/splits/{token}/cancel",
    summary: "Cancel the rest of a split: its still-pending payment requests are cancelled; paid shares stay paid",
    description:
      "Cancels every pending share's payment request, as POST /api/v1/requests/{token}/cancel does, and marks the split cancelled. The organiser only (anyone else: 404). Cancelling again changes nothing.",
    tag: "transfers",
    params: splitTokenParams,
    ok: { status: 200, schema: splitDto },
    errors: ["NOT_FOUND"],
  },
  ({ user, params }) => cancelSplit({ token: params.token, callerId: user.id }),
);
