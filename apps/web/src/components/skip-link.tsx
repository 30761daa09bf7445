import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** The first thing a keyboard reaches: straight to the page's content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className={classes.link}>
      {t('app.skipToContent')}
    </a>
  );
}
