import './index.css'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { App } from '@/app/app'
import { connectQueryLifecycle, createQueryClient } from '@/app/query-client'
import { createAppRouter } from '@/app/router'
import { env } from '@/config/env'

document.title = env.VITE_APP_NAME
connectQueryLifecycle()

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')

createRoot(rootElement).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
)
