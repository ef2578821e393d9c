import { route } from "@/lib/server/http";
import { getMe } from "@/lib/server/users/get-me";

export const GET = route({}, ({ user }) => getMe({ userId: user.id }));
