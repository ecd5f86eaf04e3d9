/**
 * 'Comprobante' (docs/decisions/0018-comprobante.md): the receipt of a payment or a direct
 * sale, previewed in a dialog and printed through the browser's print dialog in the format
 * chosen — 'Ticket 80 mm' for the desk's thermal printer or 'A4'. Built from the device's
 * own rows (src/domain/comprobante.ts), so it works offline. Printing shows only the
 * receipt: a copy of it is portalled to <body> and the print CSS hides everything else.
 */
import { useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Button, Group, Modal, SegmentedControl } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import type { Comprobante, DatosSpa } from '@/domain/comprobante.ts'
import { SPA_NAME, contact } from '@/lib/config/contact.ts'
import { ComprobanteHoja, type FormatoComprobante } from './comprobante-hoja.tsx'
import classes from './comprobante.module.css'
import { OnceOpened, useOpenedAfterMount } from './once-opened.tsx'

export const DATOS_SPA: DatosSpa = { nombre: SPA_NAME, direccion: contact.address, telefono: contact.phoneDisplay }

/** The desk keeps one printer: the format chosen last is the next one's default. */
const CLAVE_FORMATO = 'spa.comprobante.formato'
const MM_POR_PX = 25.4 / 96

function formatoGuardado(): FormatoComprobante {
  try {
    return localStorage.getItem(CLAVE_FORMATO) === 'a4' ? 'a4' : 'ticket'
  } catch {
    return 'ticket'
  }
}

/**
 * The page box. A thermal roll has no fixed length: the page is as long as the ticket (its
 * height measured on screen, where it is laid out at the same 80 mm width), so the printer
 * feeds and cuts no blank paper.
 */
export function reglaPagina(formato: FormatoComprobante, altoTicketMm: number | null): string {
  if (formato === 'a4') return '@page { size: A4 portrait; margin: 15mm; }'
  const alto = altoTicketMm ? Math.ceil(altoTicketMm) + 4 : 297
  return `@page { size: 80mm ${alto}mm; margin: 0; }`
}

interface ComprobanteDialogProps {
  comprobante: Comprobante | null
  onClose: () => void
}

export function ComprobanteDialog(props: ComprobanteDialogProps) {
  return (
    <OnceOpened opened={props.comprobante !== null}>
      <ComprobanteModal {...props} />
    </OnceOpened>
  )
}

function ComprobanteModal({ comprobante, onClose }: ComprobanteDialogProps) {
  const [formato, setFormato] = useState<FormatoComprobante>(formatoGuardado)
  const [altoMm, setAltoMm] = useState<number | null>(null)
  const vista = useRef<HTMLDivElement>(null)
  // Mounted on the first receipt shown, opened right after (focus return, fade-in: LazyModal).
  const abierto = useOpenedAfterMount(comprobante !== null)

  useLayoutEffect(() => {
    if (abierto && comprobante && formato === 'ticket' && vista.current) setAltoMm(vista.current.offsetHeight * MM_POR_PX)
  }, [abierto, comprobante, formato])

  function elegir(valor: string) {
    const f: FormatoComprobante = valor === 'a4' ? 'a4' : 'ticket'
    setFormato(f)
    try {
      localStorage.setItem(CLAVE_FORMATO, f)
    } catch {
      // Private mode: the choice lasts this session only.
    }
  }

  return (
    <Modal opened={abierto} onClose={onClose} title={comprobante?.titulo ?? 'Comprobante'} centered radius="lg" size="auto">
      {comprobante && (
        <>
          <SegmentedControl
            fullWidth
            aria-label="Formato de impresión"
            value={formato}
            onChange={elegir}
            data={[
              { value: 'ticket', label: 'Ticket 80 mm' },
              { value: 'a4', label: 'A4' },
            ]}
          />
          <div className={classes.vista} data-formato={formato}>
            <ComprobanteHoja ref={vista} comprobante={comprobante} formato={formato} />
          </div>
          {/* The dialog's own 'Cerrar' (×) closes it; one button here, the one that matters. */}
          <Group justify="flex-end" mt="lg">
            <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} data-autofocus>
              Imprimir
            </Button>
          </Group>
          {createPortal(
            <div className={classes.impresion} data-testid="comprobante-impresion" aria-hidden>
              <style>{reglaPagina(formato, altoMm)}</style>
              <ComprobanteHoja comprobante={comprobante} formato={formato} />
            </div>,
            document.body,
          )}
        </>
      )}
    </Modal>
  )
}
