/**
 * 'Problemas de sincronización' (docs/architecture.md §5): writes the server refused for
 * good, with what was typed kept and ways to recover it (refused-card.tsx), and the
 * conflict log — every value one edit replaced when two devices changed the same field,
 * whichever uploaded first. Readable by every staff member.
 */
import { useState } from 'react'
import { Button, Card, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconGitMerge } from '@tabler/icons-react'
import type { ConflictEntry, ParkedGroup, RefusedWrite } from '@sync/status/types.ts'
import { fechaHoraCorta } from '@/domain/peru-time.ts'
import { isCobroDuplicado } from '@/domain/cobro-duplicado.ts'
import { columnLabel, readableValue, type NameLookup } from '@/domain/column-labels.ts'
import { EmptyState } from '@/lib/ui/list-states.tsx'
import { PageHeader } from '@/lib/ui/page-header.tsx'
import { CobroDuplicadoCard } from './cobro-duplicado-card.tsx'
import { ParkedGroups } from './parked-groups.tsx'
import { RefusedCard } from './refused-card.tsx'
import { writableColumns, type RefusalActions } from './use-refusal-actions.ts'
import classes from './sync-problems.module.css'

const when = fechaHoraCorta

export interface SyncProblemsPageProps {
  refused: RefusedWrite[]
  conflicts: ConflictEntry[]
  /** Other staff's writes parked on this tablet (docs/decisions/0035 §3). */
  parked?: ParkedGroup[]
  /** Administrators only: sets a parked group aside as refused writes. */
  onSetAside?: ((userId: string) => Promise<void>) | undefined
  refusalActions?: RefusalActions
  /** Names of referenced rows from the local database; without it, 'not available' (never an id). */
  names?: NameLookup
  /** What is waiting to upload, worded as the header words it (describeSync). */
  uploadText?: string
  onDismiss?: (kind: 'refused' | 'conflict', id: string) => void
  onDismissAll?: (kind: 'refused' | 'conflict') => void
}

/** The value that lost and the one that stayed, whichever side each came from. */
function lostAndKept(c: ConflictEntry): { lost: unknown; kept: unknown; origin: string } {
  return c.kept === 'local'
    ? { lost: c.serverValue, kept: c.localValue, origin: 'otro equipo' }
    : { lost: c.localValue, kept: c.serverValue, origin: 'este equipo' }
}

const NO_NAMES: NameLookup = () => null

export function SyncProblemsPage({
  refused,
  conflicts,
  parked = [],
  onSetAside,
  refusalActions,
  names = NO_NAMES,
  uploadText,
  onDismiss,
  onDismissAll,
}: SyncProblemsPageProps) {
  // Resolved entries stay in the log (docs/decisions/0036), shown on their own filter.
  const [show, setShow] = useState<'pendientes' | 'resueltos'>('pendientes')
  const open = refused.filter((r) => !r.resolution)
  const resolved = refused.filter((r) => !!r.resolution)
  const listed = show === 'pendientes' ? open : resolved
  const empty = open.length === 0 && conflicts.length === 0 && parked.length === 0
  return (
    <>
      <PageHeader
        title="Problemas de sincronización"
        lead="Cambios que el servidor no aceptó, con lo que se escribió para recuperarlo, y valores que se reemplazaron al combinar ediciones de varios equipos."
      />
      {uploadText && (
        <p className={classes.uploadLine} data-testid="problemas-cambios-pendientes">
          Cambios de este equipo: {uploadText}
        </p>
      )}

      {empty && (
        <EmptyState
          framed
          message={{
            icon: <IconCircleCheck size={40} color="var(--mantine-color-salvia-7)" aria-hidden />,
            title: 'Todo en orden',
            text: 'No hay cambios rechazados ni conflictos pendientes de revisar.',
          }}
        />
      )}

      {parked.length > 0 && <ParkedGroups groups={parked} onSetAside={onSetAside} />}

      {refused.length > 0 && (
        <section aria-labelledby="rechazados" style={{ marginTop: 28 }}>
          <Group justify="space-between" mb="sm">
            <h2 id="rechazados" className={classes.sectionLabel}>
              <IconAlertTriangle size={16} aria-hidden /> Cambios rechazados ({open.length})
            </h2>
            {resolved.length > 0 && (
              <SegmentedControl
                size="xs"
                aria-label="Mostrar"
                value={show}
                onChange={(v) => setShow(v as 'pendientes' | 'resueltos')}
                data={[
                  { value: 'pendientes', label: `Pendientes (${open.length})` },
                  { value: 'resueltos', label: `Resueltos (${resolved.length})` },
                ]}
              />
            )}
          </Group>
          <Stack>
            {listed.map((r) =>
              isCobroDuplicado(r) ? (
                <CobroDuplicadoCard key={r.id} refusal={r} actions={refusalActions} names={names} />
              ) : (
                <RefusedCard key={r.id} refusal={r} writable={writableColumns(r.collection)} actions={refusalActions} names={names} />
              ),
            )}
          </Stack>
        </section>
      )}

      {conflicts.length > 0 && (
        <section aria-labelledby="conflictos" style={{ marginTop: 32 }}>
          <Group justify="space-between" mb="sm">
            <h2 id="conflictos" className={classes.sectionLabel}>
              <IconGitMerge size={16} aria-hidden /> Conflictos resueltos ({conflicts.length})
            </h2>
            {onDismissAll && (
              <Button size="xs" variant="subtle" onClick={() => onDismissAll('conflict')}>
                Marcar todos como revisados
              </Button>
            )}
          </Group>
          <Card withBorder radius="lg" padding={0}>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" horizontalSpacing="md" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Registro</Table.Th>
                    <Table.Th>Campo</Table.Th>
                    <Table.Th>Valor reemplazado</Table.Th>
                    <Table.Th>Valor que quedó</Table.Th>
                    <Table.Th>Motivo</Table.Th>
                    {onDismiss && (
                      <Table.Th>
                        <span className="visually-hidden">Acciones</span>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {conflicts.map((c) => {
                    const { lost, kept, origin } = lostAndKept(c)
                    return (
                      <Table.Tr key={c.id}>
                        <Table.Td>
                          <Text size="sm" fw={700}>
                            {c.label}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {when(c.at)}
                          </Text>
                        </Table.Td>
                        <Table.Td>{columnLabel(c.collection, c.field)}</Table.Td>
                        <Table.Td>
                          <s>{readableValue(c.field, lost, names)}</s>
                          <Text size="xs" c="dimmed">
                            de {origin}
                          </Text>
                        </Table.Td>
                        <Table.Td>{readableValue(c.field, kept, names)}</Table.Td>
                        <Table.Td>{c.reason}</Table.Td>
                        {onDismiss && (
                          <Table.Td>
                            <Button size="xs" variant="default" onClick={() => onDismiss('conflict', c.id)}>
                              Revisado
                            </Button>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    )
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </section>
      )}
    </>
  )
}
