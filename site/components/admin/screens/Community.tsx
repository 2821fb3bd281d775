/** /admin/community: mounts the moderation queue, which lives with its capability (modules/community/ui/admin). */
export { default } from '@modules/community/ui/admin/CommunityScreen';
