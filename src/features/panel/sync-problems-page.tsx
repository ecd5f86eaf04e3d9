/**
 * 'Problemas de sincronización' (docs/architecture.md §5): writes the server refused for good (the
 * device took the server's version back) and values lost in conflicts, with the
 * server's reason in Spanish. Readable by every staff member.
 */
import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconGitMerge } from '@tabler/icons-react'
import type { ConflictEntry, RefusedWrite } from '@sync/status/types.ts'
import { fechaHoraCorta } from '@/domain/peru-time.ts'
import { OPERATION_LABEL, displayValue, fieldLabel, recordSummary } from '@/domain/sync-problems.ts'
import { BackLink } from '@/lib/ui/back-link.tsx'
import { useDocumentTitle } from '@/lib/ui/use-document-title.ts'
import classes from './panel.module.css'

const when = fechaHoraCorta

export interface SyncProblemsPageProps {
  refused: RefusedWrite[]
  conflicts: ConflictEntry[]
  /** What is waiting to upload, worded as the header words it (uploadSummary). */
  uploadText?: string
  onDismiss?: (kind: 'refused' | 'conflict', id: string) => void
  onDismissAll?: (kind: 'refused' | 'conflict') => void
}

export function SyncProblemsPage({ refused, conflicts, uploadText, onDismiss, onDismissAll }: SyncProblemsPageProps) {
  useDocumentTitle('Problemas de sincronización')
  const empty = refused.length === 0 && conflicts.length === 0
  return (
    <>
      <BackLink />
      <h1 className={classes.pageTitle}>Problemas de sincronización</h1>
      <p className={classes.pageLead}>Cambios que el servidor no aceptó y valores que se reemplazaron al combinar ediciones de varios equipos.</p>
      {uploadText && (
        <p className={classes.pageLead} data-testid="problemas-cambios-pendientes">
          Cambios de este equipo: {uploadText}
        </p>
      )}

      {empty && (
        <div className={classes.placeholder}>
          <IconCircleCheck size={40} color="var(--mantine-color-salvia-7)" aria-hidden />
          <h2>Todo en orden</h2>
          <p>No hay cambios rechazados ni conflictos pendientes de revisar.</p>
        </div>
      )}

      {refused.length > 0 && (
        <section aria-labelledby="rechazados" style={{ marginTop: 28 }}>
          <Group justify="space-between" mb="sm">
            <h2 id="rechazados" className={classes.sectionLabel} style={{ margin: 0 }}>
              <IconAlertTriangle size={16} aria-hidden /> Cambios rechazados ({refused.length})
            </h2>
            {onDismissAll && (
              <Button size="xs" variant="subtle" onClick={() => onDismissAll('refused')}>
                Marcar todos como revisados
              </Button>
            )}
          </Group>
          <Stack>
            {refused.map((r) => (
              <Card key={r.id} withBorder radius="lg" padding="lg">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div>
                    <Group gap="xs">
                      <Badge color="red.9" variant="filled">
                        {r.label}
                      </Badge>
                      <Badge variant="default">{OPERATION_LABEL[r.operation]}</Badge>
                    </Group>
                    <Text fw={700} mt="xs">
                      {recordSummary(r.localVersion, r.docId)}
                    </Text>
                    <Text mt={4}>{r.reason}</Text>
                    <Text size="sm" c="dimmed" mt={4}>
                      {when(r.at)} · Se restauró la versión del servidor{r.serverVersion ? '' : ' (el registro no existe en el servidor)'}.
                    </Text>
                  </div>
                  {onDismiss && (
                    <Button size="xs" variant="default" onClick={() => onDismiss('refused', r.id)}>
                      Revisado
                    </Button>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        </section>
      )}

      {conflicts.length > 0 && (
        <section aria-labelledby="conflictos" style={{ marginTop: 32 }}>
          <Group justify="space-between" mb="sm">
            <h2 id="conflictos" className={classes.sectionLabel} style={{ margin: 0 }}>
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
                    <Table.Th>Valor de este equipo</Table.Th>
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
                  {conflicts.map((c) => (
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
                        <s>{displayValue(c.localValue)}</s>
                      </Table.Td>
                      <Table.Td>{displayValue(c.serverValue)}</Table.Td>
                      <Table.Td>{c.reason}</Table.Td>
                      {onDismiss && (
                        <Table.Td>
                          <Button size="xs" variant="default" onClick={() => onDismiss('conflict', c.id)}>
                            Revisado
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </section>
      )}
    </>
  )
}
