"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Any unknown path goes to the welcome screen (spec §2). */
export default function NotFound() {
  const router = useRouter();
  useEffect(() => {
    router.replace("/");
  }, [router]);
  return null;
}
