import { ChoiceGroup } from '@/components/ui/choice-group'
import { type ColorModePreference, useColorMode } from '@/lib/color-mode'
import { t } from '@/lib/i18n'

/** System, light or dark: the player's colour mode, kept on this device (absent where a page forces one). */
export function ColorModeChoice() {
  const colorMode = useColorMode()
  if (!colorMode.available) return null
  return (
    <ChoiceGroup<ColorModePreference>
      label={t('Colour mode')}
      value={colorMode.preference}
      options={[
        { value: 'system', label: t('System') },
        { value: 'light', label: t('Light') },
        { value: 'dark', label: t('Dark') },
      ]}
      onChange={colorMode.setPreference}
    />
  )
}
