/** /admin/sip-allocation: mounts the operator's SIP screen, which lives with its capability (modules/sip/ui/admin). */
export { default } from '@modules/sip/ui/admin/SipAllocationScreen';
