"use client";

import { SchedulesScreen } from "@/components/schedules/schedules-screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

export default function SchedulesPage() {
  const t = useStrings();
  return (
    <RequireSession title={t.bank.schedules}>
      <SchedulesScreen />
    </RequireSession>
  );
}
