import { TelegramLogin } from "@/components/login/telegram-login";

export default function TelegramLoginPage() {
  return <TelegramLogin />;
}
