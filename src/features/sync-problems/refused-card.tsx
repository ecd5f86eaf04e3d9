/**
 * One write the server refused: the server's reason, what happened to it, the values
 * typed on this device (beside the existing record's, for a duplicate) and what staff
 * can do with them (docs/decisions/0024-sync-refusals-conflicts-efficiency.md).
 */
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Badge, Button, Card, Group, Table, Text } from '@mantine/core'
import type { RefusedWrite } from '@sync/status/types.ts'
import { busquedaReagendar, EXPLICACION_REAGENDAR, puedeElegirOtroHorario } from '@/domain/cita-reagendada.ts'
import { fechaHoraCorta, peruToday } from '@/domain/peru-time.ts'
import { readableValue, rowName, type NameLookup } from '@/domain/column-labels.ts'
import { OPERATION_LABEL } from '@/domain/sync-problems.ts'
import { existingRecordLink, existingTarget, leftOutOfNew, patchForExisting, refusalActions, refusalExplanation, typedValues } from '@/domain/sync-refusals.ts'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'
import type { RefusalActions } from './use-refusal-actions.ts'
import classes from './sync-problems.module.css'

type Pending = 'existing' | 'new' | 'discard' | null

export interface RefusedCardProps {
  refusal: RefusedWrite
  /** The table's writable columns (what was typed and can be copied). */
  writable: readonly string[]
  actions?: RefusalActions | undefined
  /** Names of the rows the record points to, read from the local database (use-refusal-names.ts). */
  names: NameLookup
}

export function RefusedCard({ refusal: r, writable, actions, names }: RefusedCardProps) {
  const [pending, setPending] = useState<Pending>(null)
  const allowed = refusalActions(r)
  // A refused new cita is booked again at another time; copying it as it was would ask
  // for the same taken slot (docs/decisions/0037-elegir-otro-horario.md).
  const rebook = puedeElegirOtroHorario(r)
  const link = existingRecordLink(r.collection, r)
  const values = typedValues(r, writable)
  // Names, never ids (docs/decisions/0036): a record without a human field is named by its table.
  const name = rowName(r.collection, r.localVersion) ?? `${r.label}: registro sin nombre`
  const target = existingTarget(r)
  const existingName = target ? (rowName(r.collection, target.version) ?? 'el registro existente') : ''
  const changes = Object.keys(patchForExisting(r, writable))
  const leftOut = leftOutOfNew(r)
  const headingId = `rechazo-${r.id}`

  return (
    <Card withBorder radius="lg" padding="lg" aria-labelledby={headingId} component="article">
      <Group gap="xs">
        <Badge color="red.9" variant="filled">
          {r.label}
        </Badge>
        <Badge variant="default">{OPERATION_LABEL[r.operation]}</Badge>
      </Group>
      <Text fw={700} mt="xs" id={headingId}>
        {name}
      </Text>
      <Text mt={4}>{r.reason}</Text>
      <Text size="sm" mt={4}>
        {rebook ? EXPLICACION_REAGENDAR : refusalExplanation(r)}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {fechaHoraCorta(r.at)}
      </Text>

      {r.operation !== 'delete' && values.length > 0 && (
        <Table.ScrollContainer minWidth={420} mt="sm">
          <Table className={classes.values} verticalSpacing={6} horizontalSpacing="sm" aria-label={`Datos escritos de ${name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Campo</Table.Th>
                <Table.Th>Escrito en este equipo</Table.Th>
                {r.duplicate && <Table.Th>En el registro existente</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.map((v) => (
                <Table.Tr key={v.field}>
                  <Table.Td>{v.label}</Table.Td>
                  <Table.Td className={classes.value}>{readableValue(v.field, v.typed, names)}</Table.Td>
                  {r.duplicate && <Table.Td className={classes.value}>{readableValue(v.field, v.existing, names)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Group gap="xs" mt="md">
        {allowed.openExisting && link && (
          <Button component={Link} to={link.to as '/control-citas/pacientes'} search={(link.q ? { q: link.q } : {}) as never} size="xs" variant="light">
            {r.duplicate ? 'Abrir el registro existente' : 'Abrir el registro'}
          </Button>
        )}
        {actions && allowed.copyIntoExisting && (
          <Button size="xs" onClick={() => setPending('existing')}>
            Copiar en el registro existente
          </Button>
        )}
        {actions && rebook && (
          <Button component={Link} to="/control-citas/citas-confirmadas" search={busquedaReagendar(r, peruToday()) as never} size="xs">
            Elegir otro horario
          </Button>
        )}
        {actions && allowed.copyIntoNew && !rebook && (
          <Button size="xs" variant="default" onClick={() => setPending('new')}>
            Copiar en un registro nuevo
          </Button>
        )}
        {actions && (
          <Button size="xs" variant="default" onClick={() => setPending('discard')}>
            {r.operation === 'delete' ? 'Revisado' : 'Descartar'}
          </Button>
        )}
      </Group>

      {actions && (
        <>
          <ConfirmDialog
            opened={pending === 'existing'}
            title="¿Copiar en el registro existente?"
            confirmLabel="Copiar"
            destructive={false}
            onClose={() => setPending(null)}
            onConfirm={async () => {
              await actions.copyIntoExisting(r)
              setPending(null)
            }}
          >
            {changes.length > 0
              ? `Se guardarán en ${existingName} los datos escritos en este equipo: ${values
                  .filter((v) => changes.includes(v.field))
                  .map((v) => v.label)
                  .join(', ')}. Los demás datos de ${existingName} no cambian.`
              : `${existingName} ya tiene todos los datos escritos: no cambia nada.`}
          </ConfirmDialog>
          <ConfirmDialog
            opened={pending === 'new'}
            title="¿Copiar en un registro nuevo?"
            confirmLabel="Crear registro"
            destructive={false}
            onClose={() => setPending(null)}
            onConfirm={async () => {
              await actions.copyIntoNew(r)
              setPending(null)
            }}
          >
            {`Se creará un registro nuevo con los datos escritos en este equipo.${
              leftOut.length > 0 ? ` No se copia ${leftOut.join(' ni ')}, porque ya pertenece a ${existingName}.` : ''
            }`}
          </ConfirmDialog>
          <ConfirmDialog
            opened={pending === 'discard'}
            title={r.operation === 'delete' ? '¿Marcar como revisado?' : '¿Descartar lo escrito?'}
            confirmLabel={r.operation === 'delete' ? 'Revisado' : 'Descartar'}
            destructive={r.operation !== 'delete'}
            onClose={() => setPending(null)}
            onConfirm={async () => {
              await actions.discard(r)
              setPending(null)
            }}
          >
            {r.operation === 'delete'
              ? 'El aviso se quitará de la lista.'
              : `Los datos escritos de ${name} se borrarán de este equipo. No se puede deshacer.`}
          </ConfirmDialog>
        </>
      )}
    </Card>
  )
}
