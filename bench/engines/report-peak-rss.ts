/**
 * Preloaded (`--import`) into a process whose memory a benchmark reads: prints, on stderr as it
 * exits, the peak RSS the kernel recorded for it (`getrusage`'s maxrss, bytes) and the CPU time
 * it took on all its threads (ms).
 */
import { writeSync } from 'node:fs'

process.on('exit', () => {
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage()
  writeSync(
    2,
    `peak-rss ${maxRSS * 1024} cpu-ms ${Math.round((userCPUTime + systemCPUTime) / 1000)}\n`,
  )
})
