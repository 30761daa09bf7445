import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../components/coming-soon';
import { pageIcons } from './navigation';

export type UpcomingPage = keyof typeof pageIcons;

/** A page whose capability arrives later in this release: named, explained, never faked. */
export default function ComingSoonPage({ page }: { page: UpcomingPage }) {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t(`pages.${page}.title`)}
      description={t(`pages.${page}.description`)}
      icon={pageIcons[page]}
    />
  );
}
