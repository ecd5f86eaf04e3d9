/**
 * The table both the count form and a recorded close use: one row per method, its
 * expected amount, the count and the difference (stacked per method on a phone,
 * cierre-caja.module.css). Rows are the caller's.
 */
import type { ReactNode } from "react";
import classes from "./cierre-caja.module.css";

export function TablaMetodos({
  label,
  children,
}: {
  label?: string;
  children: ReactNode;
}) {
  return (
    <table className={classes.tabla} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Método</th>
          <th scope="col">Esperado</th>
          <th scope="col">Contado</th>
          <th scope="col">Diferencia</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
