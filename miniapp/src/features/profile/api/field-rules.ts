import { useFieldRules } from '@/lib/validation'

/** The operator's rules for the profile form (`scenario=profile`): which fields it asks for and which are required. */
export function useProfileFieldRules() {
  return useFieldRules('profile')
}
