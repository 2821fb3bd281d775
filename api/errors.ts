/**
 * Every machine code the API answers with (the `error` field of a 4xx/5xx body), and the HTTP status
 * each one means. This table is the one list: a code that is not here does not type-check, and the
 * OpenAPI document lists these as the error responses. Add a code here before throwing it.
 */
export const errorStatus = {
  // 400: the request itself is wrong; the sentence says what to change.
  bad_request: 400,
  validation_failed: 400,
  malformed_json: 400,
  malformed_body: 400,
  nul_byte: 400,
  invalid_cookie: 400,
  invalid_range: 400,
  invalid_token: 400,
  invalid_csv: 400,
  csv_invalid: 400,
  invalid_cells: 400,
  chunk_size: 400,
  file_missing: 400,
  unsupported_file: 400,
  unknown_document: 400,
  upload_incomplete: 400,
  no_enrolment: 400,
  nothing_to_change: 400,
  period_too_long: 400,
  too_many_cost_centers: 400,
  client_error: 400,
  sip_allocation_invalid: 400,

  // 401: who are you?
  unauthenticated: 401,
  invalid_credentials: 401,
  invalid_password: 401,
  invalid_code: 401,
  mfa_required: 401,
  mfa_not_pending: 401,

  // 403: known, but not allowed.
  forbidden: 403,
  mfa_setup_required: 403,
  staff_mfa_required: 403,
  account_suspended: 403,
  account_closed: 403,
  user_protected: 403,
  csrf_missing: 403,
  csrf_mismatch: 403,
  csrf_origin: 403,

  // 404: nothing there (or not yours).
  not_found: 404,
  account_not_found: 404,
  backup_job_not_found: 404,
  backup_upload_not_found: 404,
  budget_not_found: 404,
  conversation_not_found: 404,
  cost_center_not_found: 404,
  deposit_not_found: 404,
  document_not_found: 404,
  entry_not_found: 404,
  figure_not_found: 404,
  investment_not_found: 404,
  kyc_not_found: 404,
  notification_not_found: 404,
  payment_not_found: 404,
  photo_not_found: 404,
  property_not_found: 404,
  rent_not_found: 404,
  sandbox_disabled: 404,
  screening_list_not_found: 404,
  setting_not_found: 404,
  sip_plan_not_found: 404,
  sip_run_not_found: 404,
  order_not_found: 404,
  template_not_found: 404,
  unknown_step: 404,
  user_not_found: 404,
  valuation_not_found: 404,
  withdrawal_not_found: 404,
  exit_not_found: 404,
  record_not_found: 404,
  distribution_not_found: 404,
  dashboard_not_found: 404,

  // 409: the state changed under you, or the name is taken.
  sip_plan_cancelled: 409,
  trading_halted: 409,
  order_closed: 409,
  sip_month_handled: 409,
  sip_plan_not_active: 409,
  conflict: 409,
  already_suspended: 409,
  not_suspended: 409,
  account_not_closable: 409,
  already_verified: 409,
  already_closed: 409,
  retry: 409,
  account_code_taken: 409,
  account_exists: 409,
  already_reversed: 409,
  backup_busy: 409,
  backup_not_ready: 409,
  budget_changed: 409,
  budget_exists: 409,
  budget_name_taken: 409,
  budget_not_empty: 409,
  cost_center_exists: 409,
  email_taken: 409,
  hold_missing: 409,
  holding_changed: 409,
  idempotency_conflict: 409,
  idempotency_in_progress: 409,
  kyc_already_submitted: 409,
  kyc_locked: 409,
  kyc_not_reviewable: 409,
  price_changed: 409,
  reference_taken: 409,
  restore_conflict: 409,
  screening_list_exists: 409,
  shares_locked: 409,
  signup_expired: 409,
  slug_taken: 409,
  source_conflict: 409,
  source_is_draft: 409,
  property_already_exited: 409,
  // Rental distributions (modules/distributions).
  record_reversed: 409,
  distribution_exists: 409,
  distribution_invalid_state: 409,
  approval_by_creator: 403,

  // 413 / 415: the body's size or type.
  payload_too_large: 413,
  file_too_large: 413,
  too_deeply_nested: 413,
  unsupported_content_type: 415,

  // 422: understood, but a business rule says no.
  sip_too_many_plans: 422,
  business_rule: 422,
  account_archived: 422,
  account_frozen: 422,
  account_has_balance: 422,
  account_has_children: 422,
  account_has_postings: 422,
  account_in_template: 422,
  account_is_group: 422,
  adjustment_would_go_negative: 422,
  already_cancelled: 422,
  amount_buys_nothing: 422,
  balances_read_only: 422,
  below_minimum: 422,
  cancellation_window_passed: 422,
  closing_entry: 422,
  cost_center_archived: 422,
  cost_center_has_children: 422,
  cost_center_in_use: 422,
  earlier_year_open: 422,
  entry_not_posted: 422,
  entry_posted: 422,
  fx_amount_too_small: 422,
  fx_rate_missing: 422,
  fx_rate_unexpected: 422,
  idempotency_key_reused: 422,
  in_app_locked: 422,
  insufficient_funds: 422,
  invalid_line: 422,
  invalid_transition: 422,
  investors_hold_shares: 422,
  kind_not_available: 422,
  kyc_incomplete: 422,
  kyc_required: 422,
  // Payments, four eyes and the payout outbox (modules/wallet, modules/payments).
  account_name_mismatch: 422,
  payments_not_configured: 503,
  method_unavailable: 422,
  above_provider_limit: 422,
  self_approval: 403,
  second_admin_required: 403,
  request_not_pending: 422,
  request_not_found: 404,
  invalid_signature: 400,
  payment_not_found_yet: 409,
  stripe_disabled: 404,
  last_photo: 422,
  last_rent: 422,
  last_valuation: 422,
  no_source_budget: 422,
  not_enough_shares: 422,
  not_enough_units: 422,
  not_tradable: 422,
  price_out_of_band: 422,
  order_too_small: 422,
  not_ready_to_publish: 422,
  nothing_sold: 422,
  parent_cycle: 422,
  parent_not_found: 422,
  parent_not_group: 422,
  parent_wrong_type: 422,
  period_closed: 422,
  period_not_closed: 422,
  posted_entry_immutable: 422,
  property_not_open: 422,
  retail_limit_exceeded: 422,
  retained_earnings_missing: 422,
  screening_override_required: 422,
  source_empty: 422,
  source_missing: 422,
  too_few_lines: 422,
  too_many_documents: 422,
  too_many_photos: 422,
  unbalanced_entry: 422,
  unknown_currency: 422,
  withdrawal_not_pending: 422,
  year_closed: 422,
  year_not_ended: 422,
  // The exchange's liquidity pool and property exits (modules/exchange).
  pool_budget_exhausted: 422,
  property_not_funded: 422,
  // Rental distributions (modules/distributions).
  period_distributed: 422,
  period_in_future: 422,
  no_holders: 422,
  approval_required: 422,
  // UAE VAT (modules/tax).
  vat_period_filed: 422,
  vat_period_open: 422,
  vat_period_not_ended: 422,
  vat_period_not_found: 404,
  vat_return_filed: 409,
  vat_return_paid: 409,
  vat_return_not_filed: 422,
  vat_not_registered: 422,
  vat_nothing_due: 422,
  vat_settings_locked: 422,
  // -- end of tax codes --
  // Banking and reconciliation (modules/banking).
  iban_invalid: 400,
  bank_account_not_bank_ledger: 422,
  statement_unreadable: 400,
  csv_mapping_missing: 400,
  statement_line_not_found: 404,
  bank_rule_not_found: 404,
  statement_line_not_unmatched: 409,
  statement_line_not_matched: 409,
  match_candidate_unavailable: 409,
  match_amount_mismatch: 422,
  match_source_unknown: 422,
  bank_rule_not_posting: 422,
  settled_without_bank_line: 422,
  // -- end of banking codes --
  // Customers, invoices and receivables (modules/receivables).
  customer_not_found: 404,
  invoice_not_found: 404,
  credit_note_not_found: 404,
  recurring_not_found: 404,
  invoice_not_draft: 422,
  invoice_not_open: 422,
  invoice_not_issued: 422,
  invoice_empty: 422,
  invoice_line_invalid: 422,
  income_account_invalid: 422,
  credit_limit_exceeded: 422,
  date_before_invoice: 422,
  allocation_exceeds_open: 422,
  allocations_exceed_payment: 422,
  invoice_other_customer: 422,
  credit_insufficient: 422,
  credit_note_invalid: 422,
  recurring_invalid_state: 409,
  // -- end of receivables codes --
  // Suppliers, purchasing and payables (modules/purchasing).
  supplier_not_found: 404,
  purchase_request_not_found: 404,
  purchase_order_not_found: 404,
  bill_not_found: 404,
  payment_batch_not_found: 404,
  purchasing_invalid_state: 409,
  duplicate_supplier_bill: 409,
  over_receipt: 422,
  bill_overpayment: 422,
  debit_note_too_large: 422,
  supplier_no_iban: 422,
  expense_account_invalid: 422,
  dimension_unknown: 422,
  // -- end of purchasing codes --
  // UAE payroll and the WPS file (modules/payroll).
  payroll_employee_not_found: 404,
  payroll_run_not_found: 404,
  payroll_invalid_state: 409,
  payroll_run_exists: 409,
  payroll_no_employees: 422,
  payroll_negative_net: 422,
  payroll_bank_missing: 422,
  wps_data_incomplete: 422,
  // -- end of payroll codes --
  // Inventory (modules/inventory).
  inventory_item_not_found: 404,
  inventory_location_not_found: 404,
  duplicate_sku: 409,
  duplicate_location_code: 409,
  insufficient_stock: 422,
  invalid_stock_move: 422,
  valuation_method_fixed: 409,
  reorder_cost_unknown: 422,
  // -- end of inventory codes --
  // Data trackers (modules/trackers).
  tracker_not_found: 404,
  tracker_duplicate_name: 409,
  tracker_metric_unknown: 422,
  tracker_dimension_invalid: 422,
  // -- end of trackers codes --
  // Sales: quotations, orders, deliveries (modules/sales).
  sales_product_not_found: 404,
  sales_price_list_not_found: 404,
  sales_quotation_not_found: 404,
  sales_order_not_found: 404,
  sales_customer_unknown: 422,
  sales_product_code_taken: 409,
  sales_invalid_state: 409,
  sales_quotation_expired: 422,
  sales_over_delivery: 422,
  sales_nothing_to_invoice: 422,
  sales_line_invalid: 422,
  // -- end of sales codes --
  // Communications (modules/communications).
  thread_not_found: 404,
  announcement_not_found: 404,
  assignee_not_staff: 422,
  announcement_not_scheduled: 409,
  segment_empty: 422,
  inbound_unmatched: 422,
  duplicate_template_name: 409,
  invalid_unsubscribe_token: 400,
  // -- end of communications codes --
  // Community (modules/community).
  community_thread_not_found: 404,
  community_post_not_found: 404,
  community_report_not_found: 404,
  community_user_not_found: 404,
  community_property_not_found: 422,
  community_not_verified: 403,
  community_banned: 403,
  community_thread_locked: 409,
  community_already_reported: 409,
  community_own_post: 422,
  community_invalid_state: 409,
  // -- end of community codes --
  // staff accounts and invitations (modules/staff)
  staff_invite_not_found: 404,
  staff_member_not_found: 404,
  staff_email_taken: 409,
  staff_invite_pending: 409,
  staff_invite_closed: 409,
  staff_invite_expired: 410,
  staff_invite_revoked: 410,
  staff_invite_used: 410,
  staff_self_change: 422,
  staff_last_admin: 422,

  // 429: slow down.
  rate_limited: 429,

  // 5xx: our side; the body carries the request id.
  internal_error: 500,
  document_damaged: 500,
  restore_mismatch: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;
export type ErrorDetails = Record<string, unknown>;

/** The JSON body of every error answer. */
export type ErrorBody = { message: string; error: ErrorCode } & ErrorDetails;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorStatus, code);

/**
 * A failure a person can act on: a machine code from the one list, a sentence, and the HTTP status
 * (from `errorStatus` unless given). Prefer `new AppError('kyc_required', message)`; the form with an
 * explicit status stays for the call sites written before the table (a few codes answer two statuses,
 * e.g. cost_center_not_found is 404 for the addressed resource and 422 for a referenced one).
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details?: ErrorDetails;

  constructor(code: ErrorCode, message: string, details?: ErrorDetails);
  constructor(status: number, code: ErrorCode, message: string, details?: ErrorDetails);
  constructor(...args: [ErrorCode, string, ErrorDetails?] | [number, ErrorCode, string, ErrorDetails?]) {
    const [status, code, message, details] = typeof args[0] === 'number' ? (args as [number, ErrorCode, string, ErrorDetails?]) : [errorStatus[args[0]], ...(args as [ErrorCode, string, ErrorDetails?])];
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  toJSON(): ErrorBody {
    return { message: this.message, error: this.code, ...(this.details ?? {}) };
  }
}

export const badRequest = (message: string, code: ErrorCode = 'bad_request', details?: ErrorDetails) => new AppError(400, code, message, details);
export const notFound = (message = 'We could not find what you asked for.', code: ErrorCode = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(409, code, message);
export const tooLarge = (limitBytes: number) =>
  new AppError('payload_too_large', `The request body is too large. Send at most ${Math.floor(limitBytes / 1024)} KB.`);
export const unprocessable = (message: string, code: ErrorCode = 'business_rule') => new AppError(422, code, message);
