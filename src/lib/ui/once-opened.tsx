import { useState, type ReactNode } from "react";

/**
 * Renders `children` from the first time `opened` is true and keeps them mounted after,
 * so a closing dialog still plays its transition and keeps its state. Until then a
 * closed dialog costs the screen nothing when it mounts: the agenda rendered three
 * closed dialogs on every visit (docs/decisions/0027-pantalla-sin-trabajo-de-mas.md).
 */
export function OnceOpened({
  opened,
  children,
}: {
  opened: boolean;
  children: ReactNode;
}) {
  const [used, setUsed] = useState(opened);
  // Set during render (React's "storing information from previous renders"): the
  // dialog mounts in the same commit that opens it.
  if (opened && !used) setUsed(true);
  return used ? children : null;
}
