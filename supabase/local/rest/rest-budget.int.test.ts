// Bounded reads (rest/read-budget.ts, docs/decisions/0030-superficie-anonima.md): the top
// level is cut at max-rows as hosted Supabase does, and a read whose embeds would build
// more rows than the budget is refused before its JSON is built (it used to run the
// server out of memory), while ordinary embeds come back whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo, startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { seedDemo } from '../seed-demo.ts'
import { MAX_ROWS, ROW_BUDGET } from './read-budget.ts'

let stack: TestStack
let staff: string
let citas: number

beforeAll(async () => {
  stack = await startTestStack()
  await seedDemo(stack.db, { patients: 60, appointments: 1200, seed: 5 })
  citas = Number((await stack.db.query<{ n: string }>(`select count(*)::text n from tb_citas`)).rows[0]!.n)
  const client = await stack.signIn(demo.staff.email, demo.staff.password)
  staff = (await client.auth.getSession()).data.session!.access_token
})
afterAll(async () => {
  await stack?.close()
})

async function rest(path: string, token = staff, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}/rest/v1${path}`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, ...headers } })
  const text = await res.text()
  return { status: res.status, range: res.headers.get('content-range'), body: JSON.parse(text) as unknown }
}

describe('row budget', () => {
  it("refuses the staff fan-out that ran the server out of memory, with a Spanish 400", async () => {
    const select = encodeURIComponent('id_tratamiento,tb_citas(id_cita,tb_tratamientos(id_tratamiento,tb_citas(id_cita)))')
    const res = await rest(`/tb_tratamientos?select=${select}`)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'PGRST100', message: 'La respuesta sería demasiado grande.', details: expect.stringContaining(`más de ${ROW_BUDGET} filas`) })
    // The server is still there and answers the next read.
    expect((await rest('/tb_tratamientos?select=id_tratamiento&limit=1')).status).toBe(200)
  })

  it('an embed within the budget comes back whole, never cut', async () => {
    const { rows } = await stack.db.query<{ id: string; n: number }>(
      `select t.id_tratamiento::text id, count(c.*)::int n from tb_tratamientos t join tb_citas c using (id_tratamiento) group by 1 order by 2 desc limit 1`,
    )
    const res = await rest(`/tb_tratamientos?select=id_tratamiento,tb_citas(id_cita)&id_tratamiento=eq.${rows[0]!.id}`)
    expect(res.status).toBe(200)
    expect((res.body as Array<{ tb_citas: unknown[] }>)[0]!.tb_citas).toHaveLength(rows[0]!.n)
  })

  it('the top level is cut at max-rows with a Content-Range that says so; service_role is not', async () => {
    expect(citas).toBeGreaterThan(MAX_ROWS)
    const plain = await rest('/tb_citas?select=id_cita')
    expect(plain.status).toBe(200)
    expect(plain.body).toHaveLength(MAX_ROWS)
    expect(plain.range).toBe(`0-${MAX_ROWS - 1}/*`)
    const counted = await rest('/tb_citas?select=id_cita', staff, { prefer: 'count=exact' })
    expect(counted.status).toBe(206)
    expect(counted.range).toBe(`0-${MAX_ROWS - 1}/${citas}`)
    const page = await rest(`/tb_citas?select=id_cita&offset=${citas - 5}&limit=5000`)
    expect(page.body).toHaveLength(5)
    const service = await rest('/tb_citas?select=id_cita', stack.serviceRoleKey)
    expect(service.body).toHaveLength(citas)
  })
})
