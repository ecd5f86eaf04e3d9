/**
 * 'Recordatorios' (/control-citas/recordatorios, docs/decisions/0056-recordatorios.md): the
 * next open day's Confirmada and Sin Confirmar citas, each with its WhatsApp reminder (a
 * real link, opened in a new tab) and 'Marcar como recordado'; the mark shows who and when
 * on every tablet. Citas without a phone are listed apart with their e-mail. Everything is
 * read from and written to the device, so it works offline.
 */
import { useMemo, useState } from 'react'
import { Button } from '@mantine/core'
import { IconBrandWhatsapp, IconCalendarEvent, IconCheck, IconX } from '@tabler/icons-react'
import { fechaLargaDia, formatHoraTexto } from '@/domain/agenda-format.ts'
import { SPA_NAME, contact } from '@/lib/config/contact.ts'
import { enlaceRecordatorio, puedeQuitarMarca, recordatoriosDelDia, textoRecordado, TEXTOS_RECORDATORIOS as T, type CitaRecordatorio } from '@/domain/recordatorios.ts'
import { DataTable, type Column } from '@/lib/ui/data-table.tsx'
import { EmailText } from '@/lib/ui/email-text.tsx'
import { EstadoBadge, TEXTO_ESTADO } from '@/lib/ui/estado-badge.tsx'
import { ListStates } from '@/lib/ui/list-states.tsx'
import { PageHeader } from '@/lib/ui/page-header.tsx'
import { toastError } from '@/lib/toast/toast-store.ts'
import type { RecordatoriosStore } from './use-recordatorios.ts'
import pageClasses from '@/lib/ui/page.module.css'
import classes from './recordatorios.module.css'

export function RecordatoriosPage({ store }: { store: RecordatoriosStore }) {
  const { status, hoy, dia, citas, especialista, usuario } = store
  const lista = useMemo(() => recordatoriosDelDia(citas, dia), [citas, dia])
  const total = lista.conTelefono.length + lista.sinTelefono.length
  const diaLargo = fechaLargaDia(dia)
  // One write at a time per cita: a second tap while the first is stored does nothing.
  const [guardando, setGuardando] = useState<ReadonlySet<string>>(new Set())

  const escribir = async (c: CitaRecordatorio, accion: 'marcar' | 'quitar') => {
    if (guardando.has(c.id_cita)) return
    setGuardando((s) => new Set(s).add(c.id_cita))
    try {
      await store[accion](c)
    } catch {
      toastError(accion === 'marcar' ? T.noMarcar : T.noQuitar)
    } finally {
      setGuardando((s) => {
        const n = new Set(s)
        n.delete(c.id_cita)
        return n
      })
    }
  }

  const marca = (c: CitaRecordatorio, conEnlace: boolean) => {
    const hecho = textoRecordado(c, hoy)
    if (hecho)
      return (
        <div className={classes.marca}>
          <span className={classes.hecho}>
            <IconCheck size={16} aria-hidden /> {hecho}
          </span>
          {puedeQuitarMarca(c, usuario) && (
            <Button size="compact-sm" variant="subtle" color="gray.8" leftSection={<IconX size={14} aria-hidden />} aria-label={`${T.quitar}: ${c.nombre_cliente}`} onClick={() => void escribir(c, 'quitar')}>
              {T.quitar}
            </Button>
          )}
        </div>
      )
    const url = conEnlace ? enlaceRecordatorio(c, { hoy, spa: SPA_NAME, direccion: contact.address, especialista: especialista(c.id_especialista) }) : null
    return (
      <div className={classes.marca}>
        {url && (
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            size="compact-sm"
            // WhatsApp's green, dark enough for white text (the state badge's green, estado-badge.tsx).
            color={TEXTO_ESTADO.green}
            leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
            aria-label={`${T.enviar}: ${c.nombre_cliente}`}
          >
            {T.enviar}
          </Button>
        )}
        <Button size="compact-sm" variant="light" leftSection={<IconCheck size={16} aria-hidden />} aria-label={`${T.marcar}: ${c.nombre_cliente}`} onClick={() => void escribir(c, 'marcar')}>
          {T.marcar}
        </Button>
      </div>
    )
  }

  // Five columns, the contact under the client's name: the portrait tablet (800 px) shows
  // the 'Recordatorio' column without scrolling sideways.
  const columnas = (conTelefono: boolean): Column<CitaRecordatorio>[] => [
    { key: 'hora', header: 'Hora', nowrap: true, cell: (c) => formatHoraTexto(c.hora_inicio) },
    {
      key: 'cliente',
      header: 'Cliente',
      minWidth: 140,
      cell: (c) => (
        <>
          <strong className={classes.cliente}>{c.nombre_cliente}</strong>
          <span className={classes.contacto}>
            {conTelefono ? c.telefono_cliente : c.email_cliente ? <EmailText email={c.email_cliente} /> : <span className={classes.sinCorreo}>{T.sinCorreo}</span>}
          </span>
        </>
      ),
    },
    { key: 'tratamiento', header: 'Tratamiento', minWidth: 120, cell: (c) => [c.nombre_tratamiento, especialista(c.id_especialista)].filter(Boolean).join(' · ') },
    { key: 'estado', header: 'Estado', nowrap: true, cell: (c) => <EstadoBadge estado={c.estado_cita} /> },
    { key: 'recordatorio', header: 'Recordatorio', minWidth: 190, cell: (c) => marca(c, conTelefono) },
  ]
  const conTelefono = columnas(true)
  const sinTelefono = columnas(false)

  return (
    <>
      <PageHeader title={T.titulo} lead={T.lead(diaLargo)} />
      {/* No count from part of a first download (docs/decisions/0046-lo-que-aun-llega.md). */}
      {status === 'ready' && total > 0 && (
        <p className={classes.resumen} role="status">
          {lista.pendientes > 0 ? T.pendientes(lista.pendientes) : T.todas}
        </p>
      )}
      <div className={pageClasses.card}>
        <ListStates
          status={status}
          total={total}
          found={total}
          loadingText={T.cargando}
          errorText={T.error}
          empty={{ icon: <IconCalendarEvent size={44} color="var(--mantine-color-salvia-6)" aria-hidden />, title: T.sinCitas, text: T.sinCitasTexto(diaLargo) }}
          noMatch={{ title: T.sinCitas }}
        >
          {lista.conTelefono.length > 0 && (
            <section className={classes.bloque} aria-labelledby="recordatorios-whatsapp">
              <h2 id="recordatorios-whatsapp" className={classes.seccion}>
                {T.conTelefono}
              </h2>
              <DataTable rows={lista.conTelefono} columns={conTelefono} rowKey={(c) => c.id_cita} label={T.conTelefono} minWidth={720} />
            </section>
          )}
          {lista.sinTelefono.length > 0 && (
            <section className={classes.bloque} aria-labelledby="recordatorios-sin-telefono">
              <h2 id="recordatorios-sin-telefono" className={classes.seccion}>
                {T.sinTelefono}
              </h2>
              <p className={classes.nota}>{T.sinTelefonoNota}</p>
              <DataTable rows={lista.sinTelefono} columns={sinTelefono} rowKey={(c) => c.id_cita} label={T.sinTelefono} minWidth={720} />
            </section>
          )}
        </ListStates>
      </div>
    </>
  )
}
