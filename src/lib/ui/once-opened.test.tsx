import { useState } from "react";
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { OnceOpened } from "./once-opened.tsx";

let renders = 0;
function Pesado({ opened }: { opened: boolean }) {
  renders++;
  const [veces, setVeces] = useState(0);
  return (
    <div>
      {opened ? "abierto" : "cerrado"} · {veces}
      <button onClick={() => setVeces((n) => n + 1)}>sumar</button>
    </div>
  );
}

function Pantalla() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button onClick={() => setOpened((o) => !o)}>alternar</button>
      <OnceOpened opened={opened}>
        <Pesado opened={opened} />
      </OnceOpened>
    </>
  );
}

describe("OnceOpened", () => {
  it("renders nothing until first opened, then stays mounted with its state when closed", async () => {
    renders = 0;
    const user = userEvent.setup();
    render(<Pantalla />);
    expect(renders).toBe(0);
    expect(screen.queryByText(/abierto|cerrado/)).toBeNull();

    await user.click(screen.getByRole("button", { name: "alternar" }));
    expect(screen.getByText("abierto · 0")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "sumar" }));
    expect(screen.getByText("abierto · 1")).toBeInTheDocument();

    // Closed again: still mounted (a closing transition can play), state kept.
    await user.click(screen.getByRole("button", { name: "alternar" }));
    expect(screen.getByText("cerrado · 1")).toBeInTheDocument();
  });

  it("renders at once when it starts opened", () => {
    render(
      <OnceOpened opened>
        <p>visible</p>
      </OnceOpened>,
    );
    expect(screen.getByText("visible")).toBeInTheDocument();
  });
});
