"use client";

import { SchedulesScreen } from "@/components/schedules/schedules-screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

export default function SchedulesPage() {
  const ru = useStrings();
  return (
    <RequireSession title={ru.bank.schedules}>
      <SchedulesScreen />
    </RequireSession>
  );
}
