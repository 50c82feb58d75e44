/** The signed-in header controls' chunk; the module cache makes a second call free. */
export const loadSignedInControls = () => import('@/app/layouts/signed-in-controls')
