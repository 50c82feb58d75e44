/**
 * Text the player reads goes through `t()`: JSX text with letters, and string or template literals in
 * the attributes and arguments that become visible (labels, titles, toasts, confirmations, message setters).
 * Class names, ids, URLs, `data-*`, `key` and text without letters (punctuation, symbols, numbers)
 * are not the player's language, so they are left alone.
 */

/** JSX attributes whose value is shown or read out. */
const VISIBLE_ATTRIBUTES = [
  'alt',
  'aria-description',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'cancelLabel',
  'confirmLabel',
  'description',
  'label',
  'message',
  'placeholder',
  'submitLabel',
  'title',
]

/** Helpers whose object argument is shown: toasts and confirmations. */
const VISIBLE_CALLEES = ['showToast', 'toast', 'confirm', 'askConfirmation']

/** State setters of shown messages (`setFormError`, `setNotice`): their argument is displayed. */
const VISIBLE_SETTER = /^set\w*(?:Error|Message|Notice|Title|Label)$/

/** The properties of such an argument that the player reads. */
const VISIBLE_PROPERTIES = ['title', 'description', 'message', 'confirmLabel', 'cancelLabel', 'label']

const LETTER = /\p{L}/u

/** The literal texts `node` may evaluate to without a call: branches of conditions and fallbacks included. */
function literalTexts(node) {
  if (!node) return []
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [{ node, text: node.value }] : []
    case 'TemplateLiteral':
      return [{ node, text: node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ') }]
    case 'ConditionalExpression':
      return [...literalTexts(node.consequent), ...literalTexts(node.alternate)]
    case 'LogicalExpression':
      return [...literalTexts(node.left), ...literalTexts(node.right)]
    case 'JSXExpressionContainer':
      return literalTexts(node.expression)
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return literalTexts(node.expression)
    default:
      return []
  }
}

function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return callee.property.name
  return undefined
}

function keyName(property) {
  if (property.type !== 'Property' || property.computed) return undefined
  if (property.key.type === 'Identifier') return property.key.name
  return typeof property.key.value === 'string' ? property.key.value : undefined
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text must go through t()' },
    schema: [],
    messages: { literal: 'User-visible text "{{text}}" bypasses t(): translate it (and add it to the catalogues).' },
  },
  create(context) {
    const report = (found) => {
      for (const { node, text } of found) {
        if (LETTER.test(text)) context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } })
      }
    }
    const isJsxChild = (node) => node.parent.type === 'JSXElement' || node.parent.type === 'JSXFragment'
    return {
      JSXText(node) {
        report([{ node, text: node.value }])
      },
      JSXExpressionContainer(node) {
        if (isJsxChild(node)) report(literalTexts(node.expression))
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : undefined
        if (name && VISIBLE_ATTRIBUTES.includes(name)) report(literalTexts(node.value))
      },
      CallExpression(node) {
        const callee = calleeName(node.callee)
        if (callee && VISIBLE_SETTER.test(callee)) report(literalTexts(node.arguments[0]))
        if (!VISIBLE_CALLEES.includes(callee)) return
        for (const argument of node.arguments) {
          if (argument.type !== 'ObjectExpression') continue
          for (const property of argument.properties) {
            if (VISIBLE_PROPERTIES.includes(keyName(property))) report(literalTexts(property.value))
          }
        }
      },
    }
  },
}
