/**
 * Two versions' reads of documents side by side, in one process: each version's core restores
 * its own snapshot of the same catalogue, and their pages of 50 object details are timed in
 * turn (the suite's page 400 times, then 400 pages drawn at random), so that a busy machine
 * slows both alike. Prints wall p50 / p99 and CPU p50 of a page, in ms, for each.
 *
 *   node --expose-gc --import tsx bench/document-reads-versus.ts \
 *     <other checkout>/packages/core/src/index.ts <its snapshot> <this version's snapshot>
 */
import type { Catalogue } from '../packages/core/src/index.js'
import { loadSnapshot } from '../packages/core/src/index.js'

const [otherCore, otherSnapshot, snapshot] = process.argv.slice(2)
const other = (await import(otherCore!)) as { loadSnapshot: typeof loadSnapshot }
const versions = [
  { name: 'other', catalogue: await other.loadSnapshot(otherSnapshot!) },
  { name: 'this', catalogue: await loadSnapshot(snapshot!) },
]

for (const random of [false, true]) {
  const pages = versions.map(({ catalogue }) => pagesOf(catalogue, random))
  const times = versions.map(() => ({ wall: [] as number[], cpu: [] as number[] }))
  for (let round = -20; round < 400; round++) {
    versions.forEach(({ catalogue }, version) => {
      const page = pages[version]![Math.max(0, round) % pages[version]!.length]!
      const cpu = process.cpuUsage()
      const started = performance.now()
      for (const id of page) catalogue.object(id)
      const wall = performance.now() - started
      const { user, system } = process.cpuUsage(cpu)
      // The first 20 rounds warm up.
      if (round < 0) return
      times[version]!.wall.push(wall)
      times[version]!.cpu.push((user + system) / 1000)
    })
  }
  const at = (values: number[], q: number) =>
    values.sort((a, b) => a - b)[Math.floor(q * values.length)]!.toFixed(2)
  console.log(random ? '400 pages of 50 objects drawn at random' : 'the suite’s page of 50 objects')
  versions.forEach(({ name }, version) => {
    const { wall, cpu } = times[version]!
    console.log(`  ${name}: wall ${at(wall, 0.5)} / ${at(wall, 0.99)}, CPU ${at(cpu, 0.5)}`)
  })
}

/** The suite's page (the objects at every size / 200th place), or 400 pages drawn at random. */
function pagesOf(catalogue: Catalogue, random: boolean): string[][] {
  const { types, uris } = catalogue.data
  const idAt = (index: number) => uris.get(index).slice(uris.get(index).lastIndexOf('/') + 1)
  const objects: number[] = []
  for (let index = 0; index < catalogue.size; index++) {
    if (types.get(index) === 'object') objects.push(index)
  }
  if (!random) {
    const step = Math.max(1, Math.floor(catalogue.size / 200))
    return [
      objects
        .filter((index) => index % step === 0)
        .slice(0, 50)
        .map(idAt),
    ]
  }
  let seed = 7
  const draw = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return idAt(objects[seed % objects.length]!)
  }
  return Array.from({ length: 400 }, () => Array.from({ length: 50 }, draw))
}
