/**
 * A 'cobro duplicado' (docs/decisions/0036-cobro-duplicado.md): a second final payment of
 * a cita the server refused. The money was really taken, so the entry is never dropped:
 * staff mark it returned to the client or kept as an additional payment, after a
 * confirmation, and it stays in the log as resolved (who and when).
 */
import { useState } from 'react'
import { Badge, Button, Card, Group, List, Text } from '@mantine/core'
import type { RefusedWrite } from '@sync/status/types.ts'
import { ACCION_RESOLUCION, ESTADO_RESOLUCION, describirCobroDuplicado, lineaResolucion, notaResolucion, type TipoResolucion } from '@/domain/cobro-duplicado.ts'
import { readableValue, type NameLookup } from '@/domain/column-labels.ts'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'
import type { RefusalActions } from './use-refusal-actions.ts'

export interface CobroDuplicadoCardProps {
  refusal: RefusedWrite
  actions?: RefusalActions | undefined
  /** Names the cita the money was for (client, day and time), from the local database. */
  names: NameLookup
}

export function CobroDuplicadoCard({ refusal: r, actions, names }: CobroDuplicadoCardProps) {
  const [pending, setPending] = useState<TipoResolucion | null>(null)
  const cobro = describirCobroDuplicado(r)
  const headingId = `rechazo-${r.id}`
  const resolved = r.resolution ?? null

  return (
    <Card withBorder radius="lg" padding="lg" aria-labelledby={headingId} component="article">
      <Group gap="xs">
        <Badge color="red.9" variant="filled">
          {r.label}
        </Badge>
        {resolved && <Badge variant="default">{ESTADO_RESOLUCION[resolved.tipo]}</Badge>}
      </Group>
      <Text fw={700} mt="xs" id={headingId}>
        Cobro duplicado
      </Text>
      <Text mt={4}>{`Cita: ${readableValue('id_cita', r.localVersion.id_cita, names)}`}</Text>
      <Text mt={4} data-testid="cobro-duplicado-monto">
        {`${cobro.monto} · ${cobro.metodo} · ${cobro.fechaHora}`}
      </Text>
      {cobro.items.length > 0 && (
        <List size="sm" mt={4} aria-label="Ítems del cobro">
          {cobro.items.map((i, n) => (
            <List.Item key={n}>{`${i.texto} — ${i.importe}`}</List.Item>
          ))}
        </List>
      )}
      <Text size="sm" mt={4}>
        {cobro.motivo}
      </Text>
      <Text size="sm" mt={4}>
        El dinero se cobró en este equipo y no está en el servidor: se conserva aquí hasta que se resuelva.
      </Text>

      {resolved ? (
        <>
          <Text size="sm" fw={700} mt="sm">
            {lineaResolucion(resolved)}
          </Text>
          <Text size="sm">{resolved.nota}</Text>
        </>
      ) : (
        actions && (
          <Group gap="xs" mt="md">
            <Button size="xs" variant="default" onClick={() => setPending('devuelto')}>
              {ACCION_RESOLUCION.devuelto}
            </Button>
            <Button size="xs" onClick={() => setPending('pago_adicional')}>
              {ACCION_RESOLUCION.pago_adicional}
            </Button>
          </Group>
        )
      )}

      {actions && !resolved && (
        <ConfirmDialog
          opened={pending !== null}
          title={pending === 'devuelto' ? '¿Marcar como devuelto al cliente?' : '¿Registrar como pago adicional?'}
          confirmLabel={pending ? ACCION_RESOLUCION[pending] : ''}
          destructive={false}
          onClose={() => setPending(null)}
          onConfirm={async () => {
            if (pending) await actions.resolve(r, pending)
            setPending(null)
          }}
        >
          {pending ? `${notaResolucion(pending, cobro)} El aviso quedará en la lista como resuelto.` : ''}
        </ConfirmDialog>
      )}
    </Card>
  )
}
