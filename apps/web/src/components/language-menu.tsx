import { Button, Menu, useMatches, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { languages, type Language } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

interface LanguageMenuProps {
  onChange: (language: Language) => void;
}

/** English, Polski, Deutsch: each language named in itself. */
export function LanguageMenu({ onChange }: LanguageMenuProps) {
  const { t, i18n } = useTranslation();
  const wide = useMatches({ base: false, xs: true });
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          px="sm"
          // The icon from 576 px on: on a phone the top bar needs its width for its buttons.
          leftSection={wide ? <IconLanguage size={18} /> : undefined}
          data-testid="language-menu"
        >
          {i18n.language.toUpperCase()}
          {/* The name starts with the code shown (WCAG 2.5.3), then says what the button does. */}
          <VisuallyHidden component="span">, {t('language.choose')}</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {languages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            data-testid={`language-${language}`}
            rightSection={i18n.language === language ? <IconCheck size={16} /> : null}
            onClick={() => {
              onChange(language);
            }}
          >
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
