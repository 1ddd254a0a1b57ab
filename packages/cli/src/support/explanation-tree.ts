/**
 * A score's explanation as an indented tree for people: each node's value (4 significant digits;
 * counts and lengths whole) and what it is, its details below it. Both backends' explanations
 * print this way, so the in-memory one and OpenSearch's read side by side.
 */
import type { Explanation } from '@archive-catalogue/core'
import type { Style } from './format.js'

const plain: Pick<Style, 'bold' | 'dim'> = { bold: (text) => text, dim: (text) => text }

/**
 * The tree, one node a line, the root first.
 * @example
 * renderExplanation(catalogue.explain('malaria', uri)!)
 * // 1.279  /agents/Lxqi… for "malaria": sum of the places it matches in:
 * // └─ 1.279  notes: average over the 1 of 1 that match:
 */
export function renderExplanation(
  explanation: Explanation,
  style: Pick<Style, 'bold' | 'dim'> = plain,
): string {
  const lines = [`${style.bold(formatValue(explanation.value))}  ${explanation.description}`]
  addDetails(explanation.details, '', lines, style)
  return `${lines.join('\n')}\n`
}

function addDetails(
  details: readonly Explanation[],
  indent: string,
  lines: string[],
  style: Pick<Style, 'bold' | 'dim'>,
): void {
  // Siblings' values in one column, so that the numbers compare at a glance.
  const values = details.map((detail) => formatValue(detail.value))
  const width = Math.max(0, ...values.map((value) => value.length))
  details.forEach((detail, i) => {
    const last = i === details.length - 1
    const branch = style.dim(last ? '└─ ' : '├─ ')
    const value = style.bold(values[i]!.padEnd(width))
    lines.push(`${indent}${branch}${value}  ${detail.description}`)
    addDetails(detail.details, indent + style.dim(last ? '   ' : '│  '), lines, style)
  })
}

/** A value to 4 significant digits (`3.871`, `0.3303`, `12.5`); whole numbers as they are. */
function formatValue(value: number): string {
  if (Number.isInteger(value)) return String(value)
  if (!Number.isFinite(value)) return String(value)
  return String(Number(value.toPrecision(4)))
}
