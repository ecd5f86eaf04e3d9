/** The table's columns (spec 2 §2.9, §3 tbusuarios): name, email, admin, active, last sign-in. */
import { Badge } from '@mantine/core'
import { fechaHoraCorta } from '@/domain/peru-time.ts'
import type { Usuario } from '@/domain/usuarios.ts'
import { CellNote, type Column } from '@/lib/ui/data-table.tsx'
import { EmailText } from '@/lib/ui/email-text.tsx'

function SiNo({ si, textoSi, textoNo }: { si: boolean; textoSi: string; textoNo: string }) {
  return (
    <Badge variant="light" color={si ? 'salvia' : 'gray'} c={si ? 'salvia.9' : 'gray.8'} radius="sm">
      {si ? textoSi : textoNo}
    </Badge>
  )
}

/** 'mié, 25 nov.' over '08:28' (Lima time): two short lines keep the table within a portrait tablet. */
function Momento({ iso }: { iso: string }) {
  const texto = fechaHoraCorta(iso)
  const corte = texto.lastIndexOf(', ')
  if (corte < 0) return <>{texto}</>
  return (
    <>
      {texto.slice(0, corte)}
      <CellNote>{texto.slice(corte + 2)}</CellNote>
    </>
  )
}

export function usuarioColumns(yo: string): Column<Usuario>[] {
  return [
    {
      key: 'nombre',
      header: 'Nombre',
      // Narrow enough minimums that the whole table fits a portrait tablet (820 px).
      minWidth: 140,
      sortValue: (u) => u.id_nombre,
      cell: (u) => (
        <>
          <strong>{u.id_nombre}</strong>
          {u.auth_user_id !== null && u.auth_user_id === yo && <CellNote>Tu usuario</CellNote>}
        </>
      ),
    },
    { key: 'correo', header: 'Correo electrónico', minWidth: 140, sortValue: (u) => u.id_correo, cell: (u) => <EmailText email={u.id_correo} /> },
    {
      key: 'admin',
      header: 'Administrador',
      align: 'center',
      nowrap: true,
      sortValue: (u) => (u.is_admin ? 0 : 1),
      cell: (u) => <SiNo si={u.is_admin} textoSi="Sí" textoNo="No" />,
    },
    {
      key: 'activo',
      header: 'Estado',
      align: 'center',
      nowrap: true,
      sortValue: (u) => (u.is_active ? 0 : 1),
      cell: (u) => <SiNo si={u.is_active} textoSi="Activo" textoNo="Inactivo" />,
    },
    {
      key: 'acceso',
      header: 'Último acceso',
      // Newest first when sorted descending; never signed in sorts last.
      sortValue: (u) => u.last_sign_in_at ?? null,
      cell: (u) => (u.last_sign_in_at ? <Momento iso={u.last_sign_in_at} /> : 'Nunca'),
    },
  ]
}
