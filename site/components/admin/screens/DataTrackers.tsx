export { default } from '@modules/trackers/ui/admin/DataTrackersScreen';
