import {
  createTheme,
  DEFAULT_THEME,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { readableOn } from './contrast';
import { i18n } from './i18n';

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

const lightShade = 7;
const darkShade = 7;
/** A little above WCAG's 4.5:1, so that anti-aliasing and fades never take a text below it. */
const minimum = 4.8;

export const theme = createTheme({
  primaryColor: 'vigil',
  primaryShade: { light: lightShade, dark: darkShade },
  colors: { vigil },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  components: {
    // A badge or button label is never cut to "ACKNOW…": its cell or row makes room instead.
    Badge: { styles: { root: { flexShrink: 0 }, label: { overflow: 'visible' } } },
    Button: { styles: { root: { flexShrink: 0 } } },
    // A dialog's and a drawer's close button is named (Mantine leaves it unnamed), in the
    // interface language: default props given as a function are read at each render.
    Modal: {
      defaultProps: () => ({
        centered: true,
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        closeButtonProps: { 'aria-label': i18n.t('app.closeDialog') },
      }),
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Drawer: {
      defaultProps: () => ({ closeButtonProps: { 'aria-label': i18n.t('app.closeDialog') } }),
    },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    // A toast's message under its title: Mantine's grey 6 / dark 2 read at 3.3:1 and 3.5:1.
    Notification: {
      styles: (_theme: unknown, props: { title?: unknown }) => ({
        description: props.title ? { color: 'var(--mantine-color-dimmed)' } : {},
      }),
    },
  },
});

/** Spec: the theme is stored locally (key `theme`), light by default. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

/**
 * The backgrounds text sits on: the page, striped and hovered rows, the selected row (primary
 * light) and the alarm highlight (red light), in each scheme.
 */
const gray = DEFAULT_THEME.colors.gray;
const dark = DEFAULT_THEME.colors.dark;
const red = DEFAULT_THEME.colors.red;
const surfaces = {
  light: ['#ffffff', gray[0], gray[1], vigil[0], vigil[1], red[0], red[1]],
  dark: [dark[7], dark[6], dark[5], dark[8]],
};

/** The dark scheme's light teal variant (a success message's background) as measured. */
const tealTintDark = '#04402e';

/** Colours used as text (`c="teal"`, badges, links): each is darkened or lightened until it reads. */
const textColors = ['teal', 'green', 'red', 'orange', 'yellow', 'blue', 'grape', 'cyan', 'vigil'];

/**
 * WCAG AA (4.5:1) for every text in both themes: Mantine's dimmed grey (3.3:1 on white),
 * placeholders, and coloured text such as "Active" in teal (3:1) are adjusted here, once.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const colors = { ...DEFAULT_THEME.colors, ...current.colors };
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(gray[6], surfaces.light, minimum),
    '--mantine-color-placeholder': readableOn(gray[6], surfaces.light, minimum),
    '--mantine-color-error': readableOn(red[7], surfaces.light, minimum),
    '--mantine-color-anchor': readableOn(vigil[7], surfaces.light, minimum),
  };
  const darkScheme: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(dark[2], surfaces.dark, minimum),
    '--mantine-color-placeholder': readableOn(dark[3], surfaces.dark, minimum),
    '--mantine-color-error': readableOn(red[5], surfaces.dark, minimum),
    // Links sit on cards, toasts (dark 6) and the teal tint of a success message too.
    '--mantine-color-anchor': readableOn(vigil[4], [...surfaces.dark, tealTintDark], minimum),
  };
  for (const name of textColors) {
    const shades = colors[name];
    if (!shades) continue;
    // White labels on filled buttons and badges: the fill darkens until they read.
    for (const [scheme, shade] of [
      [light, lightShade],
      [darkScheme, darkShade],
    ] as const) {
      scheme[`--mantine-color-${name}-filled`] = readableOn(shades[shade], ['#ffffff'], minimum);
      scheme[`--mantine-color-${name}-filled-hover`] = readableOn(
        shades[shade + 1] ?? shades[9],
        ['#ffffff'],
        minimum + 0.5,
      );
    }
    light[`--mantine-color-${name}-text`] = readableOn(shades[7], surfaces.light, minimum);
    // A light badge's text sits on its own tint (shade 1) too.
    light[`--mantine-color-${name}-light-color`] = readableOn(
      shades[9],
      [...surfaces.light, shades[1]],
      minimum,
    );
    darkScheme[`--mantine-color-${name}-text`] = readableOn(shades[4], surfaces.dark, minimum);
    darkScheme[`--mantine-color-${name}-light-color`] = readableOn(
      shades[2],
      surfaces.dark,
      minimum,
    );
  }
  return { variables: {}, light, dark: darkScheme };
};
