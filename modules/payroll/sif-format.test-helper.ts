/** The record formats of /shared/standards/README.md, "UAE payroll: the WPS Salary Information File" (tests only). */
export const EDR = /^EDR,\d{14},\d{9},AE\d{21},\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},\d{1,2},\d+\.\d{2},\d+\.\d{2},\d{1,2}$/;
export const SCR = /^SCR,\d{13},\d{9},\d{4}-\d{2}-\d{2},\d{4},(0[1-9]|1[0-2])\d{4},\d+,\d+\.\d{2},AED,[^,]*$/;
