import { execFileSync } from 'node:child_process'
import { readFileSync, readlinkSync } from 'node:fs'
import { basename } from 'node:path'
import { isatty } from 'node:tty'

/**
 * Tells a server whose starter is gone and which should stop with it from a server put in the
 * background the usual Unix way, which must keep serving.
 *
 * Both are reparented (to init or a subreaper) once the process that started them is gone. To
 * stop: `npx catalogue serve` or `npm start` whose npm is killed with SIGKILL (it dies without
 * passing the signal on, and the server would run on unseen), and `catalogue serve` in a
 * terminal that is closed (SIGHUP reloads the catalogue here, so the hangup alone does not stop
 * it). To keep serving: `nohup catalogue serve &` in a provisioning script, `catalogue serve &`
 * in a script, a double fork `(catalogue serve &)`, `setsid`, a supervisor's child. The facts
 * that tell them apart, all readable by the process itself:
 *
 * - The launcher. The server's ancestors are followed through the shells running a command or
 *   a script (npm and npx run a script with `sh -c`, and dash does not exec its last command:
 *   npx's server is npm → sh → node) to the first node process. A shell between waits for the server in the foreground and exits
 *   first only when it put the server in the background (then watching ends for good); the
 *   launcher waits for that shell and cannot exit before it, so the launcher gone while every
 *   shell below it is still there means it was killed: stop.
 * - A terminal's foreground job: stdin is a terminal and the process group is the terminal's
 *   foreground one. A script's background job reads /dev/null (POSIX), nohup takes stdin off
 *   the terminal (GNU; BSD's does not, but its job is not in the foreground), an interactive
 *   `&` job has its own group. Any shell of such a job gone means the terminal closed: stop.
 *
 * Anything else is not watched. Not used, because they do not hold: npm's `npm_*` variables
 * (inherited by all an npm script starts, nohup'd servers included), and SIGHUP ignored under
 * nohup (node resets every signal at startup, so `/proc/self/status` never shows it ignored).
 * Linux reads `/proc`; other systems ask `ps` (at startup, and at each check only when shells
 * stand between the launcher and the server); Windows never reparents a process.
 */

/** Node and the node programs that start others (their title replaces `node` in `comm`). */
const LAUNCHER = /^(node|nodejs|npm|npx)(\s|$)/
const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ksh', 'mksh', 'ash', 'busybox'])
/** Shells followed at most: a launcher's are few (npm → sh → server). */
const MAX_SHELLS = 4

/** The processes watched, from the parent up; the last one is a node launcher when `launcher`. */
interface Watch {
  chain: number[]
  launcher: boolean
  terminal: boolean
}

/**
 * Calls `onOrphaned` once when the process that started this one is gone and this one should
 * stop with it (see above). Checks every `interval` ms and never keeps the process alive.
 * Returns the function that stops watching.
 */
export function whenOrphaned(onOrphaned: () => void, interval = 1000): () => void {
  const watch = watchOf()
  if (watch === undefined) return () => {}
  const timer = setInterval(() => {
    const broken = brokenLink(watch.chain)
    if (broken === undefined) return
    clearInterval(timer)
    const launcherGone = watch.launcher && broken === watch.chain.length - 1
    // Else a shell that put the server in the background went on: nothing more to watch.
    if (launcherGone || watch.terminal) onOrphaned()
  }, interval)
  timer.unref()
  return () => clearInterval(timer)
}

function watchOf(): Watch | undefined {
  if (process.platform === 'win32' || process.ppid <= 1) return undefined
  const chain: number[] = []
  let launcher = false
  let pid = process.ppid
  while (pid > 1 && chain.length <= MAX_SHELLS) {
    const facts = processFacts(pid)
    if (facts === undefined) break
    launcher = LAUNCHER.test(facts.name)
    if (!launcher && (!SHELLS.has(facts.name) || interactiveShell(pid))) break
    chain.push(pid)
    if (launcher) break
    pid = facts.ppid
  }
  const terminal = isatty(0) && inForeground()
  if (!launcher && !terminal) return undefined
  // A terminal's job started by another program (an editor, a REPL): that program is watched.
  return { chain: chain.length > 0 ? chain : [process.ppid], launcher, terminal }
}

/**
 * The lowest link of the chain that broke: `i` when `chain[i]` is no longer the parent of the
 * process below it (the server for `i = 0`). A process gone reparents its children at once,
 * before its own parent can see it exit, so the lowest broken link is the first process gone.
 */
function brokenLink(chain: number[]): number | undefined {
  for (let link = 0; link < chain.length; link++) {
    const parent = link === 0 ? process.ppid : processFacts(chain[link - 1]!)?.ppid
    // The process below went between two reads: the next check sees that link broken.
    if (parent === undefined) return undefined
    if (parent !== chain[link]) return link
  }
  return undefined
}

interface ProcessFacts {
  ppid: number
  /** The executable's file name (`node`, `dash`), else the process's name. */
  name: string
  /** Its process group and the foreground process group of its terminal (-1, or 0: none). */
  pgid: number
  tpgid: number
}

/**
 * Whether a shell is a person's, given no command or script (`-bash`, `zsh -l`): the top of a
 * session, never a launcher's `sh -c` (a node terminal server above it is no launcher). A forked
 * subshell keeps its parent's arguments. Linux only; elsewhere every shell is followed.
 */
function interactiveShell(pid: number): boolean {
  try {
    const [, ...args] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1)
    return args.every((arg) => arg.startsWith('-'))
  } catch {
    return false
  }
}

/** Whether this process is in its terminal's foreground process group. */
function inForeground(): boolean {
  const facts = processFacts(process.pid)
  return facts !== undefined && facts.tpgid > 0 && facts.tpgid === facts.pgid
}

const hasProc = (() => {
  try {
    readFileSync('/proc/self/stat')
    return true
  } catch {
    return false
  }
})()

function processFacts(pid: number): ProcessFacts | undefined {
  return hasProc ? procFacts(pid) : psFacts(pid)
}

function procFacts(pid: number): ProcessFacts | undefined {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // `pid (comm) state ppid pgrp session tty_nr tpgid …`: the name may hold spaces and
  // parentheses, so the fields are counted after the last `)`.
  const close = stat.lastIndexOf(')')
  const [, ppid, pgid, , , tpgid] = stat
    .slice(close + 2)
    .split(' ')
    .map(Number)
  let name = stat.slice(stat.indexOf('(') + 1, close)
  try {
    // npm retitles itself (`npm exec catalogue`), its executable is still node. Unreadable for
    // another user's process, where the name has to do.
    name = basename(readlinkSync(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, ''))
  } catch {}
  if (ppid === undefined || pgid === undefined || tpgid === undefined) return undefined
  return { ppid, name, pgid, tpgid }
}

function psFacts(pid: number): ProcessFacts | undefined {
  try {
    const line = execFileSync('ps', ['-o', 'ppid=,pgid=,tpgid=,comm=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    })
    const match = /^\s*(\d+)\s+(\d+)\s+(-?\d+)\s+(.+?)\s*$/.exec(line)
    if (!match) return undefined
    const [, ppid, pgid, tpgid, comm] = match
    return { ppid: Number(ppid), pgid: Number(pgid), tpgid: Number(tpgid), name: basename(comm!) }
  } catch {
    return undefined
  }
}
