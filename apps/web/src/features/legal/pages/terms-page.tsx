import { LegalDocument } from './legal-document';

export default function TermsPage() {
  return <LegalDocument doc="terms" />;
}
