/**
 * Registering a patient on the spot, shared by Reservas' 'Confirmar Cita y Solicitar
 * Adelanto' and the day view's new cita: nombre(s) and apellido(s) in two fields as
 * Pacientes asks (docs/decisions/0034-entradas-veraces.md), phone and e-mail. A request's
 * single name is shown as a reference, never split by a guess.
 */
import { useState } from 'react'
import { Button, Group, TextInput } from '@mantine/core'
import { IconUserPlus } from '@tabler/icons-react'
import { LARGO_MAXIMO_NOMBRE, validarNombres } from '@/domain/nombre-completo.ts'
import type { PacienteContacto } from '@/domain/reservas.ts'
import classes from '@/lib/ui/page.module.css'

export interface PacienteNuevoProps {
  /** The button that opens the fields. */
  etiqueta: string
  /** Phone and e-mail to start from (a request's). */
  inicial?: { telefono: string; email: string }
  /** What the request said, e.g. 'Nombre en la solicitud: «Paredes Soto Sofía Isabel»'. */
  referencia?: string
  onCrear: (contacto: PacienteContacto) => Promise<string | null>
  onCreado: (id: string) => void
}

export function PacienteNuevo({ etiqueta, inicial, referencia, onCrear, onCreado }: PacienteNuevoProps) {
  const [abierto, setAbierto] = useState(false)
  const [datos, setDatos] = useState({ nombre: '', apellido: '', telefono: inicial?.telefono ?? '', email: inicial?.email ?? '' })
  const [errores, setErrores] = useState<Partial<Record<'nombre' | 'apellido', string>>>({})
  const [busy, setBusy] = useState(false)
  if (!abierto) {
    return (
      <Button mt="xs" variant="light" size="sm" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAbierto(true)}>
        {etiqueta}
      </Button>
    )
  }
  const registrar = async () => {
    const e = validarNombres(datos)
    setErrores(e)
    if (e.nombre || e.apellido) return
    setBusy(true)
    try {
      const id = await onCrear({ nombre: datos.nombre, apellido: datos.apellido, telefono_cliente: datos.telefono.trim() || null, email_cliente: datos.email.trim() || null })
      if (id) onCreado(id)
    } finally {
      setBusy(false)
    }
  }
  const campo = (k: keyof typeof datos) => ({
    value: datos[k],
    onChange: (ev: React.ChangeEvent<HTMLInputElement>) => {
      const v = ev.currentTarget.value
      setDatos((d) => ({ ...d, [k]: v }))
      if (k === 'nombre' || k === 'apellido') setErrores((x) => ({ ...x, [k]: undefined }))
    },
  })
  return (
    <div role="group" aria-label="Paciente nuevo" className={classes.formGrid} style={{ marginTop: 8 }}>
      {referencia && <p className={classes.full} style={{ margin: 0 }}>{referencia}</p>}
      <TextInput label="Nombres" withAsterisk autoComplete="off" maxLength={LARGO_MAXIMO_NOMBRE} error={errores.nombre} {...campo('nombre')} />
      <TextInput label="Apellidos" withAsterisk autoComplete="off" maxLength={LARGO_MAXIMO_NOMBRE} error={errores.apellido} {...campo('apellido')} />
      <TextInput label="Teléfono" type="tel" {...campo('telefono')} />
      <TextInput label="Correo electrónico" type="email" {...campo('email')} />
      <Group className={classes.full} gap="xs">
        <Button size="sm" leftSection={<IconUserPlus size={16} aria-hidden />} loading={busy} onClick={registrar}>
          Registrar paciente
        </Button>
        <Button size="sm" variant="subtle" onClick={() => setAbierto(false)}>
          Volver a la lista
        </Button>
      </Group>
    </div>
  )
}
