import { EmailLogin } from "@/components/login/email-login";

export default function EmailLoginPage() {
  return <EmailLogin />;
}
