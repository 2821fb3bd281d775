// The communications screen lives in its module (modules/communications/ui/admin).
export { default } from '@modules/communications/ui/admin/CommunicationsScreen';
