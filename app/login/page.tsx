import { Welcome } from "@/components/login/welcome";

export default function LoginPage() {
  return <Welcome />;
}
