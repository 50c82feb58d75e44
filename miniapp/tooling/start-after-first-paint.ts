import type { Plugin } from 'vite'

/**
 * Starts the app after the browser has painted the static shell of `index.html`: the built entry
 * `<script type="module">` is replaced by a small inline loader that inserts it after the next frame
 * (or after 200 ms in a hidden tab, where frames do not come). The preloads stay in the head, so the
 * code still downloads at once; only its run waits for the first paint.
 */
export function startAfterFirstPaint(): Plugin {
  return {
    name: 'start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)
        if (!entry?.[1]) throw new Error('start-after-first-paint: no entry script in index.html')
        const loader = `<script>(function(){var started=false;function start(){if(started)return;started=true;var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry[1])};s.onerror=function(){window.__showStartFailure&&window.__showStartFailure()};document.head.appendChild(s)}requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,200)})()</script>`
        return html.replace(entry[0], '').replace('</body>', `  ${loader}\n  </body>`)
      },
    },
  }
}
