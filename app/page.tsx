import { Welcome } from "@/components/login/welcome";

export default function HomePage() {
  return <Welcome />;
}
