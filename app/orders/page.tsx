"use client";

import { OrdersScreen } from "@/components/orders/orders-screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useAllStrings } from "@/lib/client/feature-strings";

export default function OrdersPage() {
  const t = useAllStrings();
  return (
    <RequireSession title={t.orders.title}>
      <OrdersScreen />
    </RequireSession>
  );
}
