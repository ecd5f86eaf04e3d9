/**
 * 'Problemas de sincronización' (docs/architecture.md §5): writes the server refused for
 * good, with what was typed kept and ways to recover it (refused-card.tsx), and the
 * conflict log — every value one edit replaced when two devices changed the same field,
 * whichever uploaded first. Readable by every staff member.
 */
import { Button, Card, Group, Stack, Table, Text } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconGitMerge } from '@tabler/icons-react'
import type { ConflictEntry, RefusedWrite } from '@sync/status/types.ts'
import { fechaHoraCorta } from '@/domain/peru-time.ts'
import { displayValue, fieldLabel } from '@/domain/sync-problems.ts'
import { EmptyState } from '@/lib/ui/list-states.tsx'
import { PageHeader } from '@/lib/ui/page-header.tsx'
import { RefusedCard } from './refused-card.tsx'
import { writableColumns, type RefusalActions } from './use-refusal-actions.ts'
import classes from './sync-problems.module.css'

const when = fechaHoraCorta

export interface SyncProblemsPageProps {
  refused: RefusedWrite[]
  conflicts: ConflictEntry[]
  refusalActions?: RefusalActions
  /** What is waiting to upload, worded as the header words it (uploadSummary). */
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

export function SyncProblemsPage({ refused, conflicts, refusalActions, uploadText, onDismiss, onDismissAll }: SyncProblemsPageProps) {
  const empty = refused.length === 0 && conflicts.length === 0
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

      {refused.length > 0 && (
        <section aria-labelledby="rechazados" style={{ marginTop: 28 }}>
          <Group justify="space-between" mb="sm">
            <h2 id="rechazados" className={classes.sectionLabel}>
              <IconAlertTriangle size={16} aria-hidden /> Cambios rechazados ({refused.length})
            </h2>
          </Group>
          <Stack>
            {refused.map((r) => (
              <RefusedCard key={r.id} refusal={r} writable={writableColumns(r.collection)} actions={refusalActions} />
            ))}
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
                        <Table.Td>{fieldLabel(c.field)}</Table.Td>
                        <Table.Td>
                          <s>{displayValue(lost)}</s>
                          <Text size="xs" c="dimmed">
                            de {origin}
                          </Text>
                        </Table.Td>
                        <Table.Td>{displayValue(kept)}</Table.Td>
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
