/** The id of this build (`builds/latest.json` names the live one); `dev` outside production builds. */
declare const __BUILD_ID__: string

interface Window {
  /** Set by main.tsx once the app has rendered; index.html's start-failure notice checks it. */
  __appStarted?: boolean
}
