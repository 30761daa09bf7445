export { LinkTemplateModal, type LinkTemplateModalProps } from './modals/link-template-modal';
