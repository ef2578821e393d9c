import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { Avatar, initialsOf } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { PinInput } from "@/components/ui/pin-input";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { Toast, TOAST_ANIMATION_MS, useToast } from "@/components/ui/toast";
import { useState } from "react";

describe("Button", () => {
  it("is disabled and busy while loading, and keeps its accessible name", () => {
    const click = jest.fn();
    render(
      <Button loading onClick={click}>
        Отправить
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Отправить" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    fireEvent.click(button);
    expect(click).not.toHaveBeenCalled();
  });

  it("stretches to full width by default and renders the variant class", () => {
    render(<Button variant="secondary">Ок</Button>);
    expect(screen.getByRole("button", { name: "Ок" })).toHaveClass("btn", "btn-secondary", "btn-full");
  });
});

describe("TextField", () => {
  it("labels the input and describes it with the error", () => {
    render(<TextField label="Почта" error="Ошибка" value="" onChange={() => undefined} />);
    const input = screen.getByLabelText("Почта");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Ошибка");
  });

  it("plays the shake animation each time the key changes", () => {
    const { rerender } = render(<TextField label="Почта" shakeKey={0} />);
    const input = screen.getByLabelText("Почта");
    expect(input).not.toHaveClass("shake");
    rerender(<TextField label="Почта" shakeKey={1} />);
    expect(input).toHaveClass("shake");
    fireEvent.animationEnd(input);
    expect(input).not.toHaveClass("shake");
    rerender(<TextField label="Почта" shakeKey={2} />);
    expect(input).toHaveClass("shake");
  });
});

function PinHarness({ onComplete }: { onComplete: (code: string) => void }) {
  const [value, setValue] = useState("");
  return <PinInput label="Код" value={value} onChange={setValue} onComplete={onComplete} />;
}

describe("PinInput", () => {
  it("is focused, keeps only digits and submits itself once at six digits", async () => {
    const complete = jest.fn();
    render(<PinHarness onComplete={complete} />);
    const input = screen.getByLabelText("Код");
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute("inputmode", "numeric");
    await userEvent.type(input, "12a34");
    expect(input).toHaveValue("1234");
    expect(complete).not.toHaveBeenCalled();
    await userEvent.type(input, "567");
    expect(input).toHaveValue("123456");
    expect(complete).toHaveBeenCalledTimes(1);
    expect(complete).toHaveBeenCalledWith("123456");
  });

  it("accepts a pasted code", async () => {
    const complete = jest.fn();
    render(<PinHarness onComplete={complete} />);
    const input = screen.getByLabelText("Код");
    await userEvent.click(input);
    await userEvent.paste("654 321");
    expect(complete).toHaveBeenCalledWith("654321");
  });
});

function ToastHarness({ text }: { text: string }) {
  const toast = useToast();
  const { error } = toast;
  useEffect(() => error(text), [error, text]);
  return <Toast toast={toast} duration={1000} />;
}

describe("Toast", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("shows an error as an alert with a 500–1000 ms animation and hides itself", () => {
    render(<ToastHarness text="Что-то пошло не так" />);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Что-то пошло не так");
    expect(TOAST_ANIMATION_MS).toBeGreaterThanOrEqual(500);
    expect(TOAST_ANIMATION_MS).toBeLessThanOrEqual(1000);
    expect(alert.style.animationDuration).toBe(`${TOAST_ANIMATION_MS}ms`);
    act(() => jest.advanceTimersByTime(999));
    expect(screen.getByRole("alert")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("Avatar", () => {
  it("falls back to initials when the picture fails", () => {
    render(<Avatar src="/broken.png" name="Анна Петрова" />);
    fireEvent.error(screen.getByRole("img", { name: "Анна Петрова" }));
    expect(screen.getByRole("img", { name: "Анна Петрова" })).toHaveTextContent("АП");
  });

  it("derives initials from names and handles", () => {
    expect(initialsOf("@ivan_petrov")).toBe("IP");
    expect(initialsOf("vera")).toBe("V");
    expect(initialsOf("  ")).toBe("?");
  });
});

describe("Switch", () => {
  it("is a named switch that reports the next state", () => {
    const change = jest.fn();
    render(<Switch label="Уведомления" checked={false} onChange={change} />);
    const control = screen.getByRole("switch", { name: "Уведомления" });
    expect(control).toHaveAttribute("aria-checked", "false");
    fireEvent.click(control);
    expect(change).toHaveBeenCalledWith(true);
  });
});
