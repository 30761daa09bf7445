import {
  createTheme,
  localStorageColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core';

/** A cold, calm blue: the brand colour of Vigil. */
const vigil: MantineColorsTuple = [
  '#e7f3ff',
  '#d0e4fb',
  '#a0c7f2',
  '#6ca8ea',
  '#418ee3',
  '#267ddf',
  '#1874de',
  '#0862c6',
  '#0057b2',
  '#004b9e',
];

export const theme = createTheme({
  primaryColor: 'vigil',
  primaryShade: { light: 7, dark: 5 },
  colors: { vigil },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  components: {
    Modal: {
      defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
  },
});

/** Spec: the theme is stored locally (key `theme`), light by default. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
