import { describe, expect, it } from 'vitest'
import { regexProblem } from './guards.ts'

describe('regexProblem', () => {
  it.each([
    'masaje',
    '^Masaje',
    'piedras? calientes$',
    '(facial|corporal).*',
    '^(.*)*(.*)*(.*)*(.*)*(.*)*$', // nested stars: linear in Postgres' DFA
    '[0-9]{3}-[0-9]{3}',
    '(ab){1,10}',
    '[\\1]', // inside a bracket \1 is not a back-reference
    'a\\.b',
  ])('accepts %s', (pattern) => {
    expect(regexProblem(pattern)).toBeNull()
  })

  it.each([
    ['^(.*)*(.*)*(.*)*(.*)*(.*)*\\1\\2\\3\\4\\5$', /referencias hacia atrás/],
    ['(a)\\1', /referencias hacia atrás/],
    ['^(.*){1,255}$', /no pueden superar 10/],
    ['a{11}', /no pueden superar 10/],
    ['a{2,}b{0,99}', /no pueden superar 10/],
    ['((.*){1,5}){1,5}', /anidadas/],
    ['(x(.*){2}y){3}', /anidadas/],
    ['a'.repeat(201), /supera 200 caracteres/],
    ['(?b)^\\(.*\\)*\\(.*\\)*\\(.*\\)*\\(.*\\)*\\(.*\\)*[\\]*\\1\\2\\3\\4\\5$', /opciones incrustadas/],
    ['***=(a)\\1', /opciones incrustadas/],
    ['(?e)x', /opciones incrustadas/],
  ])('refuses %s', (pattern, message) => {
    expect(regexProblem(pattern)).toMatch(message)
  })
})
